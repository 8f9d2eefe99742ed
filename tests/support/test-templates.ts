import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { connectDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { seedDemoData } from '../../server/seed/demo';
import { seedReferenceData } from '../../server/seed/reference';

/**
 * Template databases for the tests: built once per vitest run (see global-setup.ts), then
 * copied for every test file, which is much cheaper than creating, migrating and seeding a
 * database per file. Each copy is private to its file, so tests may change anything.
 *
 * - `migrated`: the schema only (`createTestDatabase({ seed: false })`);
 * - `reference`: plus the reference data every installation gets;
 * - `demo`: plus the demo data (`createTestApp({ demo: true })`).
 */
export type TemplateName = 'migrated' | 'reference' | 'demo';
const templateNames: readonly TemplateName[] = ['migrated', 'reference', 'demo'];

/** Where a run's templates are; the global setup hands it to the test workers in this variable. */
export const templatesVariable = 'ASPHALT_TEST_TEMPLATES';

export type TemplateSet =
  /** PGlite: one data directory tarball (`<name>.tar`) per template in `dir`. */
  | { kind: 'pglite'; dir: string }
  /** PostgreSQL: databases `<prefix>_<name>` on the server of `baseUrl`. */
  | { kind: 'postgres'; baseUrl: string; prefix: string };

/** The templates of this run, if the global setup made them for the database in use. */
export function templatesFromEnv(env: NodeJS.ProcessEnv = process.env): TemplateSet | null {
  const raw = env[templatesVariable];
  if (!raw) return null;
  const set = JSON.parse(raw) as TemplateSet;
  const baseUrl = env.TEST_DATABASE_URL;
  if (set.kind === 'pglite') return baseUrl ? null : set;
  return baseUrl === set.baseUrl ? set : null;
}

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (create or drop database). */
export async function adminQuery(baseUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** One seeding step after another, each giving the next template. */
const steps: Record<TemplateName, (db: Kysely<Database>) => Promise<unknown>> = {
  migrated: migrateToLatest,
  reference: seedReferenceData,
  demo: seedDemoData,
};

/** Brings a new database to what a template holds, by the same steps the templates take. */
export async function buildUpTo(db: Kysely<Database>, template: TemplateName): Promise<void> {
  for (const name of templateNames.slice(0, templateNames.indexOf(template) + 1)) {
    await steps[name](db);
  }
}

/** Builds the three templates; `dispose` removes them. */
export async function buildTemplates(
  baseUrl: string | undefined,
): Promise<{ set: TemplateSet; dispose(): Promise<void> }> {
  return baseUrl ? buildPostgresTemplates(baseUrl) : buildPgliteTemplates();
}

async function buildPgliteTemplates(): Promise<{ set: TemplateSet; dispose(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const dir = await mkdtemp(path.join(tmpdir(), 'asphalt-templates-'));
  const pglite = await PGlite.create('memory://');
  // The same dialect and plugin as server/db/connect.ts, over PGlite's own session.
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ ...createPgConfig(pglite), max: 1 }) }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    for (const name of templateNames) {
      await steps[name](db);
      await sql`checkpoint`.execute(db);
      const tarball = await pglite.dumpDataDir('none');
      await writeFile(path.join(dir, `${name}.tar`), Buffer.from(await tarball.arrayBuffer()));
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await db.destroy();
    await pglite.close();
  }
  return {
    set: { kind: 'pglite', dir },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

const templatePrefix = 'asphalt_tpl_';

async function buildPostgresTemplates(
  baseUrl: string,
): Promise<{ set: TemplateSet; dispose(): Promise<void> }> {
  await dropAbandonedTemplates(baseUrl);
  // Named by creation time, so that a later run can tell abandoned templates from live ones.
  const prefix = `${templatePrefix}${Math.floor(Date.now() / 1000)}_${randomBytes(4).toString('hex')}`;
  const made: string[] = [];
  const dispose = async () => {
    for (const name of made.reverse()) {
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    }
  };
  try {
    let previous: string | null = null;
    for (const step of templateNames) {
      const name = `${prefix}_${step}`;
      await adminQuery(
        baseUrl,
        previous ? `create database "${name}" template "${previous}"` : `create database "${name}"`,
      );
      made.push(name);
      const handle = await connectDatabase({
        databaseUrl: databaseUrl(baseUrl, name),
        dataDir: 'memory://',
        statementTimeoutMs: 60_000,
        poolSize: 2,
      });
      try {
        await steps[step](handle.db);
      } finally {
        await handle.close();
      }
      previous = name;
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { set: { kind: 'postgres', baseUrl, prefix }, dispose };
}

/** Templates left by runs killed before their teardown: any older than a day. */
async function dropAbandonedTemplates(baseUrl: string): Promise<void> {
  const { rows } = await adminQuery(
    baseUrl,
    `select datname from pg_database where datname like '${templatePrefix}%'`,
  );
  const dayAgo = Math.floor(Date.now() / 1000) - 24 * 3600;
  for (const { datname } of rows as { datname: string }[]) {
    const createdAt = Number(datname.slice(templatePrefix.length).split('_')[0]);
    if (!Number.isInteger(createdAt) || createdAt > dayAgo) continue;
    await adminQuery(baseUrl, `drop database if exists "${datname}" with (force)`);
  }
}

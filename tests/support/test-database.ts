import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import {
  adminQuery,
  buildUpTo,
  databaseUrl,
  templatesFromEnv,
  type TemplateName,
  type TemplateSet,
} from './test-templates';

export interface TestDatabase extends DatabaseHandle {
  /** Its PostgreSQL URL (another connection to it plays a second app instance); null on PGlite. */
  url: string | null;
  /** Closes and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Seed the reference data every installation has (default); false: the schema only. */
  seed?: boolean;
  /** Seed the demo data too (accounts, company, groups, units), as a new demo installation. */
  demo?: boolean;
  /** PostgreSQL connections at most (default 4; a benchmark takes production's 10). */
  poolSize?: number;
}

/** Which database the suite runs on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Another session still on the template (PostgreSQL refuses to copy it meanwhile). */
const objectInUse = '55006';

/**
 * A new, empty database on the PostgreSQL server of `baseUrl`, or a copy of `template`;
 * `drop()` removes it.
 */
export async function createPostgresDatabase(
  baseUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `asphalt_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const create = template
    ? `create database "${name}" template "${template}"`
    : `create database "${name}"`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(baseUrl, create);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== objectInUse || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  return {
    url: databaseUrl(baseUrl, name),
    drop: async () => {
      await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

const connectionOptions = { dataDir: 'memory://', statementTimeoutMs: 10_000, poolSize: 4 };

/**
 * A migrated database, with reference data unless `seed: false` and with demo data if `demo`,
 * private to the calling test file: in-memory PGlite, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL. It is a copy of the run's template (see test-templates.ts)
 * when the vitest global setup made one, else it is built here.
 */
export async function createTestDatabase({
  seed = true,
  demo = false,
  poolSize = connectionOptions.poolSize,
}: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const template: TemplateName = demo ? 'demo' : seed ? 'reference' : 'migrated';
  const templates = templatesFromEnv();
  return templates
    ? copyTemplate(templates, template, poolSize)
    : buildDatabase(template, poolSize);
}

async function buildDatabase(template: TemplateName, poolSize: number): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const created = baseUrl ? await createPostgresDatabase(baseUrl) : null;
  const handle = await connectDatabase({
    ...connectionOptions,
    poolSize,
    databaseUrl: created?.url ?? null,
  });
  try {
    await buildUpTo(handle.db, template);
  } catch (error) {
    await handle.close();
    await created?.drop();
    throw error;
  }
  return withDispose(handle, created);
}

/** The template tarballs this process has read, read once. */
const tarballs = new Map<string, Promise<Blob>>();

async function copyTemplate(
  templates: TemplateSet,
  template: TemplateName,
  poolSize: number,
): Promise<TestDatabase> {
  if (templates.kind === 'postgres') {
    const created = await createPostgresDatabase(
      templates.baseUrl,
      `${templates.prefix}_${template}`,
    );
    const handle = await connectDatabase({
      ...connectionOptions,
      poolSize,
      databaseUrl: created.url,
    });
    return withDispose(handle, created);
  }
  const file = path.join(templates.dir, `${template}.tar`);
  let tarball = tarballs.get(file);
  if (!tarball) {
    tarball = readFile(file).then((bytes) => new Blob([bytes]));
    tarballs.set(file, tarball);
  }
  const handle = await connectDatabase({
    ...connectionOptions,
    databaseUrl: null,
    loadDataDir: await tarball,
  });
  return withDispose(handle, null);
}

function withDispose(
  handle: DatabaseHandle,
  created: { url: string; drop(): Promise<void> } | null,
): TestDatabase {
  return {
    ...handle,
    url: created?.url ?? null,
    async dispose() {
      await handle.close();
      await created?.drop();
    },
  };
}

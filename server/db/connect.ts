import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Database } from './schema';

// A date without time stays 'YYYY-MM-DD' text: as a Date it would be local midnight and
// shift by a day wherever the server's time zone is not UTC. Numerics (temperatures,
// thicknesses) are read as numbers, not text.
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));
// A bigint (a user table's Integer field, a change-log id) is read as the number JSON carries.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export interface DatabaseOptions {
  /** A PostgreSQL URL; null for the embedded PGlite. */
  databaseUrl: string | null;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  dataDir: string;
  statementTimeoutMs: number;
  poolSize: number;
  onPoolError?: (error: Error) => void;
  /**
   * PGlite only: start from this copy of a data directory (a tarball from PGlite's
   * `dumpDataDir`) instead of an empty one; the tests clone a migrated template this way.
   */
  loadDataDir?: Blob;
}

/** A connection of its own listening to a notification channel (PostgreSQL LISTEN). */
export interface Listening {
  close(): Promise<void>;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only (instances share one database; PGlite is one process): listens to
   * `channel` on a connection of its own, handing each payload to `onPayload`; `onLost` hears
   * that the connection ended (the caller listens again).
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: (error: Error) => void,
  ): Promise<Listening>;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface OpenedPool {
  pool: pg.Pool;
  kind: DatabaseHandle['kind'];
  listen?: DatabaseHandle['listen'];
  /** Runs after the pool has ended. */
  dispose?: () => Promise<void>;
}

async function createPool(options: DatabaseOptions): Promise<OpenedPool> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize,
      statement_timeout: options.statementTimeoutMs,
      idle_in_transaction_session_timeout: options.statementTimeoutMs * 4,
      connectionTimeoutMillis: 10_000,
      application_name: 'asphalt-scheduler',
    });
    const listen: DatabaseHandle['listen'] = async (channel, onPayload, onLost) => {
      const client = new pg.Client({
        connectionString: options.databaseUrl ?? undefined,
        connectionTimeoutMillis: 10_000,
        application_name: 'asphalt-scheduler-listen',
      });
      let closing = false;
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined)
          onPayload(message.payload);
      });
      client.on('error', (error) => {
        if (!closing) onLost(error);
      });
      client.on('end', () => {
        if (!closing) onLost(new Error('The listening connection ended.'));
      });
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return {
        async close() {
          closing = true;
          await client.end().catch(() => undefined);
        },
      };
    };
    return { pool, kind: 'postgres', listen };
  }
  // PGlite is one in-process session: one pool of one connection carries everything.
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const isMemory = options.dataDir.startsWith('memory://');
  const dataDir = isMemory ? options.dataDir : path.join(options.dataDir, 'pgdata');
  if (!isMemory) await mkdir(dataDir, { recursive: true });
  const pglite = options.loadDataDir
    ? await PGlite.create({ dataDir, loadDataDir: options.loadDataDir })
    : await PGlite.create(dataDir);
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  return { pool, kind: 'pglite', dispose: () => pglite.close() };
}

/** Opens the database named by the options: PostgreSQL when a URL is given, else PGlite. */
export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { pool, kind, dispose, listen } = await createPool(options);
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  let closed = false;
  return {
    db,
    kind,
    ...(listen ? { listen } : {}),
    async ping(timeoutMs = 2_000) {
      if (closed) throw new Error('Database is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Database did not answer in time')), timeoutMs);
      });
      try {
        await Promise.race([sql`select 1`.execute(db), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await dispose?.();
    },
  };
}

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
  /**
   * Hears that a connection broke (a database restart, `pg_terminate_backend`, the network):
   * on an idle pooled client, on one checked out (between the statements of a transaction),
   * or on a listening one. The connection is dropped and replaced; the process lives on.
   */
  onConnectionError?: (error: Error) => void;
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
  /**
   * PostgreSQL only: the channels this instance listens to (or tries to), each with whether
   * its connection is open now.
   */
  listening?(): Record<string, boolean>;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * SQL text through the pool as node-postgres runs it, for a library that brings its own
   * statements (the job queue): a text of several statements answers every statement's result.
   */
  rawQuery(text: string, values?: unknown[]): Promise<pg.QueryResult | pg.QueryResult[]>;
  close(): Promise<void>;
}

/** The embedded database's buffer pool (PostgreSQL's `shared_buffers`). */
export const pgliteSharedBuffers = '16MB';

interface OpenedPool {
  pool: pg.Pool;
  kind: DatabaseHandle['kind'];
  listen?: DatabaseHandle['listen'];
  listening?: DatabaseHandle['listening'];
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
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'asphalt-scheduler',
    });
    const channels = new Map<string, boolean>();
    const listen: DatabaseHandle['listen'] = async (channel, onPayload, onLost) => {
      channels.set(channel, false);
      const client = new pg.Client({
        connectionString: options.databaseUrl ?? undefined,
        connectionTimeoutMillis: 10_000,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
        application_name: 'asphalt-scheduler-listen',
      });
      let closing = false;
      const lost = (error: Error) => {
        if (closing) return;
        closing = true;
        channels.set(channel, false);
        void client.end().catch(() => undefined);
        onLost(error);
      };
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined)
          onPayload(message.payload);
      });
      client.on('error', lost);
      client.on('end', () => lost(new Error('The listening connection ended.')));
      try {
        await client.connect();
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        closing = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      channels.set(channel, true);
      return {
        async close() {
          closing = true;
          channels.delete(channel);
          await client.end().catch(() => undefined);
        },
      };
    };
    const listening = () => Object.fromEntries(channels);
    return { pool, kind: 'postgres', listen, listening };
  }
  // PGlite is one in-process session: one pool of one connection carries everything.
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const isMemory = options.dataDir.startsWith('memory://');
  const dataDir = isMemory ? options.dataDir : path.join(options.dataDir, 'pgdata');
  if (!isMemory) await mkdir(dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers cost 0.6 s of CPU on every start: PGlite
  // zeroes its whole shared memory (145 MB) in WebAssembly before the first query. 16 MB
  // (24 MB in all) holds the hot pages of a scheduler's data; the rest is in the system's
  // file cache, a read away. Durability is PostgreSQL's WAL either way.
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`];
  const pglite = await PGlite.create({
    dataDir,
    startParams,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  return { pool, kind: 'pglite', dispose: () => pglite.close() };
}

/** Opens the database named by the options: PostgreSQL when a URL is given, else PGlite. */
export async function connectDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { pool, kind, dispose, listen, listening } = await createPool(options);
  const onConnectionError = (error: Error) => options.onConnectionError?.(error);
  // A client losing its connection must never end the process. pg-pool listens on idle
  // clients only and drops that listener while a client is checked out, so a client held
  // between the statements of a transaction would emit an unheard 'error': each client gets
  // a listener of its own from the moment it connects (the pool then discards it on release).
  // The pool re-emits an idle client's error, already heard there.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  let closed = false;
  return {
    db,
    kind,
    ...(listen ? { listen } : {}),
    ...(listening ? { listening } : {}),
    rawQuery: (text, values) =>
      pool.query(text, values) as Promise<pg.QueryResult | pg.QueryResult[]>,
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

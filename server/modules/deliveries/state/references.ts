import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { CompactionSettings } from '../../../domain/compaction';
import { listActiveWeatherSites } from '../../weather/index';
import { compactionSettings } from '../../compaction/index';
import { buildSiteIndex, siteIndex, type SiteIndex } from '../../places/index';
import { cachedSetting } from '../../settings/index';
import { weatherSettings } from '../../weather/index';

type Db = Kysely<Database> | Transaction<Database>;

interface Log {
  warn(details: object, message: string): void;
}

/** What every delivery's derive reads besides the delivery: settings and forecast sites. */
export interface DeliveryReferences {
  settings: CompactionSettings;
  staleAfterHours: number;
  /** A postcodes.io-compatible service; '' to locate postcodes offline. */
  postcodeLookupUrl: string;
  sites: SiteIndex;
}

async function load(db: Db, sites: Promise<SiteIndex>, log?: Log): Promise<DeliveryReferences> {
  // One after another: inside a transaction they share its one connection anyway.
  const settings = await compactionSettings(db, log);
  const { staleAfterHours } = await weatherSettings(db);
  const lookupUrl = await cachedSetting<unknown>(db, 'Weather.PostcodeLookupUrl', '');
  return {
    settings,
    staleAfterHours,
    postcodeLookupUrl: typeof lookupUrl === 'string' ? lookupUrl.trim() : '',
    sites: await sites,
  };
}

/**
 * The application databases in use (the state routes register theirs). A save derives inside
 * its transaction, where the settings cache is bypassed and nothing may be read outside the
 * transaction (PGlite has one connection: a read beside it would wait for ever); what it reads
 * there is kept for a few seconds on behalf of the one database in use.
 */
const inUse = new Set<Kysely<Database>>();
const keptMs = 5_000;
const kept = new WeakMap<
  Kysely<Database>,
  { at: number; references: Promise<DeliveryReferences> }
>();

/** Lets saves inside transactions share the references read for `db`; returns the release. */
export function rememberDeliveryDatabase(db: Kysely<Database>): () => void {
  inUse.add(db);
  return () => {
    inUse.delete(db);
    kept.delete(db);
  };
}

/** Forgets the references kept for a database (after its settings or forecast sites changed). */
export function forgetDeliveryReferences(db: Kysely<Database>): void {
  kept.delete(db);
}

function readInTransaction(trx: Db, log?: Log): Promise<DeliveryReferences> {
  return load(trx, listActiveWeatherSites(trx).then(buildSiteIndex), log);
}

/**
 * The references for deriving deliveries through `db`: from the application's caches (each
 * setting read at most every 15 s, the forecast sites every 10 min); inside a transaction,
 * read through it and kept for 5 s for the database in use.
 */
export function deliveryReferences(db: Db, log?: Log): Promise<DeliveryReferences> {
  if (!db.isTransaction) return load(db, siteIndex(db as Kysely<Database>), log);
  const owner = inUse.size === 1 ? [...inUse][0]! : undefined;
  if (!owner) return readInTransaction(db, log);
  const hit = kept.get(owner);
  if (hit && Date.now() - hit.at < keptMs) return hit.references;
  const references = readInTransaction(db, log);
  const entry = { at: Date.now(), references };
  kept.set(owner, entry);
  references.catch(() => {
    if (kept.get(owner) === entry) kept.delete(owner);
  });
  return references;
}

import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { keepListening, type KeptListening } from '../db/keep-listening';
import { forgetEntities } from './entity-context';

/** The channel on which instances sharing a database hear that definitions changed. */
export const definitionsChannel = 'engine_definitions';

/**
 * Tells every instance on the database (this one at once) that a data source's definition
 * changed, after the change committed: each forgets the definitions it remembers, so no
 * instance writes to a column a designer just dropped. A failed NOTIFY is only logged (the
 * others' memory lasts seconds).
 */
export async function announceDefinitionChange(
  db: Kysely<Database>,
  log: { warn(details: object, message: string): void },
): Promise<void> {
  forgetEntities(db);
  try {
    await sql`select pg_notify(${definitionsChannel}, '')`.execute(db);
  } catch (error) {
    log.warn({ err: error }, 'engine definitions: NOTIFY failed');
  }
}

/**
 * Forgets the remembered definitions whenever another instance announces a change, and after
 * the listening connection was down (an announcement may have been missed meanwhile).
 */
export function listenToDefinitionChanges(
  db: Kysely<Database>,
  listen: NonNullable<DatabaseHandle['listen']>,
  log: { warn(details: object, message: string): void },
): Promise<KeptListening> {
  const forget = () => forgetEntities(db);
  return keepListening(listen, definitionsChannel, forget, log, forget);
}

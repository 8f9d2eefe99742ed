import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import type { EntityAccess } from '../../../engine/entity-access';
import { writeTransaction } from '../../../engine/count-cache';
import { saveEntity } from '../../../engine/entity-service';
import { streamEntity } from '../../../engine/entity-stream';
import { compareUnits, type OurUnit, type UnitComparison } from './compare-units';
import { fetchSourceText, SyncSourceError } from './source-fetch';
import { sourceUnits } from './source-rows';
import { unitSyncSettings } from './sync-settings';

const accepted = { json: 'application/json', csv: 'text/csv' } as const;

/** Our units (all of them, inactive too) through the engine, as the caller may read them. */
async function ourUnits(db: Kysely<Database>, access: EntityAccess): Promise<OurUnit[]> {
  const units: OurUnit[] = [];
  for await (const unit of streamEntity<OurUnit>(db, access, { orderBy: 'Id' })) units.push(unit);
  return units;
}

/** Reads the configured source afresh and compares it with our units. */
export async function compareWithSource(
  db: Kysely<Database>,
  access: EntityAccess,
): Promise<UnitComparison> {
  const settings = await unitSyncSettings(db);
  if (!settings.url) {
    throw new SyncSourceError(
      'unconfigured',
      'No units source is configured: set “Address of the units list” under Settings › Units sync.',
    );
  }
  const text = await fetchSourceText(settings.url, accepted[settings.format], settings.timeoutMs);
  const source = sourceUnits(text, settings.format);
  return compareUnits(await ourUnits(db, access), source);
}

export interface SyncChoice {
  Token: string;
  New?: readonly string[];
  Upgrade?: readonly string[];
  Deactivate?: readonly string[];
}

export interface SyncApplied {
  Created: number;
  Updated: number;
  Deactivated: number;
}

function chosen<T extends { Code: string }>(items: readonly T[], codes: readonly string[] = []) {
  const wanted = new Set(codes.map((code) => code.toUpperCase()));
  const picked = items.filter((item) => wanted.delete(item.Code.toUpperCase()));
  if (wanted.size > 0) {
    const unknown = [...wanted].slice(0, 5).join(', ');
    throw new AppError('Conflict', `These units are not among the differences shown: ${unknown}.`);
  }
  return picked;
}

/**
 * Applies the differences the user confirmed: the source is read again and must still give
 * the comparison the user saw (its token), else nothing changes (409). Every unit is written
 * through the engine (unit rules, versions, change log) in one transaction; a unit is never
 * deleted, only deactivated.
 */
export async function applySync(
  db: Kysely<Database>,
  access: EntityAccess,
  choice: SyncChoice,
): Promise<SyncApplied> {
  const fresh = await compareWithSource(db, access);
  if (fresh.Token !== choice.Token) {
    throw new AppError(
      'Conflict',
      'The units or the source changed since the differences were shown. Compare again.',
    );
  }
  const created = chosen(fresh.New, choice.New);
  const updated = chosen(fresh.Upgrade, choice.Upgrade);
  const deactivated = chosen(fresh.Missing, choice.Deactivate);
  await writeTransaction(db, async (trx) => {
    for (const unit of created) await saveEntity(trx, access, { ...unit });
    for (const { Id, Version, Unit } of updated) {
      await saveEntity(trx, access, { ...Unit, Id, Version });
    }
    for (const { Id, Version } of deactivated) {
      await saveEntity(trx, access, { Id, Version, Active: false });
    }
  });
  return { Created: created.length, Updated: updated.length, Deactivated: deactivated.length };
}

import { createHash } from 'node:crypto';
import type { UnitSync } from '#metadata';
import type { SourceUnit, SyncProblem } from './source-rows';

/** One of our units as the comparison reads it. */
export interface OurUnit {
  Id: number;
  Code: string;
  Name: string;
  Active: boolean;
  Latitude?: number | null;
  Longitude?: number | null;
  Postcode?: string | null;
  Version: number;
}

/** The comparison `GetSyncUnits` answers (its shape is the metadata's schema). */
export type UnitComparison = UnitSync;
type FieldChange = UnitSync['Upgrade'][number]['Changes'][number];

const compared = ['Code', 'Name', 'Active', 'Latitude', 'Longitude', 'Postcode'] as const;

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-7;
  return (a ?? null) === (b ?? null);
}

function changesOf(ours: OurUnit, theirs: SourceUnit): FieldChange[] {
  return compared
    .filter((name) => !same(ours[name], theirs[name]))
    .map((name) => ({ Field: name, Old: ours[name] ?? null, New: theirs[name] }));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function summary(c: Omit<UnitComparison, 'Result' | 'Token'>): string {
  const parts = [
    plural(c.New.length, 'new unit', 'new units'),
    plural(c.Upgrade.length, 'unit to update', 'units to update'),
    plural(c.Missing.length, 'active unit the source lacks', 'active units the source lacks'),
    `${c.Unchanged} unchanged`,
  ];
  const problems = new Set(c.Problems.map((problem) => problem.Row)).size;
  const left = problems > 0 ? `; ${plural(problems, 'row', 'rows')} of the source left out` : '';
  return `${parts.join(', ')}${left}.`;
}

/**
 * What the source holds that we do not (New), what it holds otherwise (Upgrade), and our
 * active units it lacks (Missing). Codes match ignoring case.
 */
export function compareUnits(
  ours: readonly OurUnit[],
  source: { units: readonly SourceUnit[]; problems: readonly SyncProblem[] },
): UnitComparison {
  const byCode = new Map(ours.map((unit) => [unit.Code.toUpperCase(), unit]));
  const listed = new Set<string>();
  const comparison: Omit<UnitComparison, 'Result' | 'Token'> = {
    New: [],
    Upgrade: [],
    Missing: [],
    Problems: [...source.problems],
    Unchanged: 0,
  };
  for (const unit of source.units) {
    const key = unit.Code.toUpperCase();
    listed.add(key);
    const match = byCode.get(key);
    if (!match) {
      comparison.New.push(unit);
      continue;
    }
    const changes = changesOf(match, unit);
    if (changes.length === 0) comparison.Unchanged += 1;
    else {
      const { Id, Code, Version } = match;
      comparison.Upgrade.push({ Id, Code, Version, Changes: changes, Unit: unit });
    }
  }
  for (const unit of ours) {
    if (!unit.Active || listed.has(unit.Code.toUpperCase())) continue;
    const { Id, Code, Name, Version } = unit;
    comparison.Missing.push({ Id, Code, Name, Version });
  }
  const token = createHash('sha256')
    .update(JSON.stringify([comparison.New, comparison.Upgrade, comparison.Missing]))
    .digest('hex')
    .slice(0, 32);
  return { ...comparison, Result: summary(comparison), Token: token };
}

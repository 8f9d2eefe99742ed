import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { type EntityAccess, visibleFields } from '../../../engine/entity-access';
import { streamEntity } from '../../../engine/entity-stream';
import { deliveryListWhere, deliveryTimeZone } from '../rules/list-filters';
import { candidatesFor } from '../state/material-match';
import { dateCell, textCell } from './delivery-sheet';
import type { MaterialPattern } from './material-patterns';
import type { SheetColumn } from '../../../engine/export/xlsx-stream';

/** Deliveries whose material code several active patterns match, or none does. */
export type MismatchKind = 'multimatch' | 'nomatch';

/** A current delivery with a mismatched code, and the patterns its code matches. */
export interface MismatchRow {
  DeliveryDate: unknown;
  UnitCode: unknown;
  UniqueId1: unknown;
  MaterialCode: unknown;
  MaterialName: unknown;
  SiteName: unknown;
  candidates: MaterialPattern[];
}

const fields = [
  'DeliveryDate',
  'UnitCode',
  'UniqueId1',
  'MaterialCode',
  'MaterialName',
  'SiteName',
];

const isMismatch = (kind: MismatchKind, candidates: readonly unknown[]) =>
  kind === 'multimatch' ? candidates.length > 1 : candidates.length === 0;

/**
 * The current deliveries (today on, UK) of every unit whose material code is mismatched,
 * by planned start, read through the engine. Codes are few and deliveries many, so each
 * distinct code is matched against the patterns once.
 */
export async function* mismatchedDeliveries(
  db: Kysely<Database>,
  access: EntityAccess,
  patterns: readonly MaterialPattern[],
  kind: MismatchKind,
  now: Date,
): AsyncGenerator<MismatchRow> {
  const visible = visibleFields(access);
  // Matched by a code the caller may not see, a row would tell what the code is like.
  if (!visible.has('MaterialCode')) return;
  const byId = new Map(patterns.map((pattern) => [pattern.id, pattern]));
  const matched = new Map<string, MaterialPattern[]>();
  const current = { showPast: false, mineOnly: false, activeUnitsOnly: false };
  const where = deliveryListWhere(access.rowStorage, current, now);
  const rows = streamEntity<Omit<MismatchRow, 'candidates'>>(db, access, {
    ...(where ? { where } : {}),
    select: fields.filter((field) => visible.has(field)),
    orderBy: 'StartTime0',
  });
  for await (const row of rows) {
    const code = String(row.MaterialCode ?? '');
    let candidates = matched.get(code);
    if (!candidates) {
      candidates = candidatesFor(code, [...patterns]).flatMap(({ id }) => byId.get(id) ?? []);
      matched.set(code, candidates);
    }
    if (isMismatch(kind, candidates)) yield { ...row, candidates };
  }
}

const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: deliveryTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `multimatch-2026-11-24.xlsx`: the kind and today's date in the UK. */
export function mismatchFileName(kind: MismatchKind, now: Date): string {
  return `${kind}-${londonDate.format(now)}.xlsx`;
}

/**
 * The file's columns: the delivery (date, unit, order, material code and name, site) and, in
 * the multimatch file, the patterns its code matches and their materials' names.
 */
export function mismatchColumns(
  kind: MismatchKind,
  texts: Readonly<Record<string, string>>,
): SheetColumn<MismatchRow>[] {
  const text = (key: string, fallback: string) => texts[key] ?? fallback;
  const columns: SheetColumn<MismatchRow>[] = [
    {
      header: text('DELIVERY.DATE', 'Date'),
      width: 12,
      numFmt: 'dd/mm/yyyy',
      value: (row) => dateCell(row.DeliveryDate),
    },
    { header: text('DELIVERY.PROD_ID', 'Prod Id'), width: 10, value: (r) => textCell(r.UnitCode) },
    {
      header: text('DELIVERY.UNIQUE_ID1', 'Order'),
      width: 14,
      value: (r) => textCell(r.UniqueId1),
    },
    {
      header: text('DELIVERY.MATERIAL_CODE', 'Material code'),
      width: 20,
      value: (row) => textCell(row.MaterialCode),
    },
    {
      header: text('DELIVERY.MATERIAL_NAME', 'Material name'),
      width: 30,
      value: (row) => textCell(row.MaterialName),
    },
    {
      header: text('DELIVERY.SITE_NAME', 'Site name'),
      width: 30,
      value: (row) => textCell(row.SiteName),
    },
  ];
  if (kind === 'nomatch') return columns;
  return [
    ...columns,
    {
      header: text('DELIVERY.CANDIDATE_PATTERNS', 'Candidate patterns'),
      width: 40,
      value: (row) => textCell(row.candidates.map((candidate) => candidate.code).join(', ')),
    },
    {
      header: text('DELIVERY.CANDIDATE_MATERIALS', 'Candidate materials'),
      width: 60,
      value: (row) => textCell(row.candidates.map((candidate) => candidate.name).join(', ')),
    },
  ];
}

import type { Kysely } from 'kysely';
import { validOutcode } from 'postcode';
import type { Database } from '../../db/schema';
import { type OutcodeCentroid, upsertOutcodeCentroids } from './repositories/postcode-outcodes';

export interface RejectedRow {
  /** 1-based line of the file, the header being line 1 when nothing precedes it. */
  line: number;
  reason: string;
}

export interface OutcodeImport {
  imported: number;
  rejected: RejectedRow[];
}

/** Header names accepted for each column, case-insensitively, the first found winning. */
const columnNames = {
  outcode: ['outcode', 'postcode', 'district'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
} as const;

type Column = keyof typeof columnNames;
type ColumnIndexes = Record<Column, number>;

/** Great Britain, Northern Ireland, the Isle of Man and the Channel Islands. */
const ukBounds = { latitude: [49, 61], longitude: [-9, 2.5] } as const;

const decimal = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** One line of CSV: commas separate, double quotes enclose, `""` is a quote inside them. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += char;
    }
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

function columnIndexes(header: string[]): ColumnIndexes | string {
  const names = header.map((name) => name.toLowerCase());
  const indexes: Partial<ColumnIndexes> = {};
  for (const [column, accepted] of Object.entries(columnNames) as [Column, readonly string[]][]) {
    const index = accepted.map((name) => names.indexOf(name)).find((found) => found >= 0);
    if (index === undefined) {
      return `the header has no ${column} column (${accepted.join(', ')})`;
    }
    indexes[column] = index;
  }
  return indexes as ColumnIndexes;
}

function readCoordinate(
  column: 'latitude' | 'longitude',
  value: string,
  problems: string[],
): number {
  const [min, max] = ukBounds[column];
  const number = Number(value);
  if (!value) problems.push(`missing ${column}`);
  else if (!decimal.test(value)) problems.push(`${column} "${value}" is not a number`);
  else if (number < min || number > max) {
    problems.push(`${column} ${value} is outside ${min} to ${max}`);
  }
  return number;
}

/**
 * Reads outcode centroids from CSV text with a header row naming an outcode, a latitude and
 * a longitude column (other columns are ignored). Rows that are not a UK outcode inside the
 * UK, or repeat an outcode, are rejected with their line and why.
 */
export function parseOutcodeCsv(text: string): {
  centroids: OutcodeCentroid[];
  rejected: RejectedRow[];
} {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const centroids: OutcodeCentroid[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  let columns: ColumnIndexes | undefined;
  for (const [index, content] of lines.entries()) {
    const line = index + 1;
    if (!content.trim()) continue;
    const fields = splitCsvLine(content);
    if (!columns) {
      const found = columnIndexes(fields);
      if (typeof found === 'string') return { centroids, rejected: [{ line, reason: found }] };
      columns = found;
      continue;
    }
    const problems: string[] = [];
    const outcode = (fields[columns.outcode] ?? '').toUpperCase();
    if (!outcode) problems.push('missing outcode');
    else if (!validOutcode(outcode)) problems.push(`"${outcode}" is not a UK outcode`);
    else if (seen.has(outcode)) problems.push(`${outcode} is already on line ${seen.get(outcode)}`);
    const latitude = readCoordinate('latitude', fields[columns.latitude] ?? '', problems);
    const longitude = readCoordinate('longitude', fields[columns.longitude] ?? '', problems);
    if (problems.length > 0) {
      rejected.push({ line, reason: problems.join('; ') });
      continue;
    }
    seen.set(outcode, line);
    centroids.push({ outcode, latitude, longitude });
  }
  if (!columns) return { centroids, rejected: [{ line: 1, reason: 'the file has no header row' }] };
  return { centroids, rejected };
}

/** Adds new outcodes and updates known ones, all or none. Returns how many. */
export async function storeOutcodeCentroids(
  db: Kysely<Database>,
  centroids: readonly OutcodeCentroid[],
): Promise<number> {
  if (centroids.length === 0) return 0;
  return db.transaction().execute((trx) => upsertOutcodeCentroids(trx, centroids));
}

/** Imports outcode centroids from CSV text (see `parseOutcodeCsv`) in one transaction. */
export async function importOutcodes(db: Kysely<Database>, text: string): Promise<OutcodeImport> {
  const { centroids, rejected } = parseOutcodeCsv(text);
  return { imported: await storeOutcodeCentroids(db, centroids), rejected };
}

import { type Kysely, sql, type Transaction } from 'kysely';
import type { MaterialUpload, RowProblem } from '#metadata';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import type { EntityAccess } from '../../../engine/entity-access';
import { writeTransaction } from '../../../engine/count-cache';
import { saveEntity } from '../../../engine/entity-service';
import { streamEntity } from '../../../engine/entity-stream';
import { type SheetRow, readMaterialRows } from './workbook-rows';
import { safeWorkbookBytes } from './xlsx-guard';

type Row = Record<string, unknown>;

/** Thrown inside the transaction to roll every row back when one was refused. */
class Refused extends Error {}

const codeRule = 'may hold only digits, capital letters, spaces and ?';

function problemsOf(row: number, error: unknown): RowProblem[] {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'Conflict') {
    return [{ Row: row, Field: 'Version', Message: 'the material changed since the download' }];
  }
  if (error.fieldErrors.length === 0) return [{ Row: row, Field: '', Message: error.message }];
  return error.fieldErrors.map(({ Field, Message }) => ({
    Row: row,
    Field,
    Message:
      Field === 'Code' &&
      /^(contains characters that are not allowed|must match pattern)/.test(Message)
        ? codeRule
        : Message,
  }));
}

const tidyCode = (value: unknown) =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toUpperCase() : value;

/** Whether every value the row gives is what the material already holds. */
function unchanged(values: Row, stored: Row): boolean {
  return Object.entries(values).every(([field, value]) => {
    if (field === 'Version') return value === null || value === stored.Version;
    const held = stored[field] ?? null;
    return field === 'Code' ? tidyCode(value) === held : value === held;
  });
}

/** Saves one row through the engine inside a savepoint, so a refusal leaves the rest usable. */
async function saveRow(trx: Transaction<Database>, access: EntityAccess, payload: Row) {
  await sql`savepoint material_row`.execute(trx);
  try {
    await saveEntity(trx, access, payload);
    await sql`release savepoint material_row`.execute(trx);
  } catch (error) {
    await sql`rollback to savepoint material_row`.execute(trx);
    throw error;
  }
}

/**
 * An uploaded materials workbook, row by row through the engine (the same rules, checks and
 * change log as SaveMaterial) in one transaction: a row with an Id updates that material (at
 * the Version it gives, else the one stored), a row without one creates a material. Any bad
 * row rolls every row back and answers every problem found.
 */
export async function uploadMaterials(
  db: Kysely<Database>,
  access: EntityAccess,
  data: Buffer,
): Promise<MaterialUpload> {
  const { rows, problems } = await readMaterialRows(safeWorkbookBytes(data));
  const answer: MaterialUpload = { Errors: problems, Created: 0, Updated: 0, Unchanged: 0 };
  if (problems.some((problem) => problem.Row === 1)) return answer;
  const stored = new Map<number, Row>();
  for await (const material of streamEntity<Row>(db, access, { orderBy: 'Id' })) {
    stored.set(material.Id as number, material);
  }
  const refusedRows = new Set(problems.map((problem) => problem.Row));
  try {
    await writeTransaction(db, async (trx) => {
      for (const { row, values } of rows as SheetRow[]) {
        if (refusedRows.has(row)) continue;
        const id = values.Id;
        const existing = typeof id === 'number' ? stored.get(id) : undefined;
        if (id !== undefined && id !== null && !existing) {
          problems.push({ Row: row, Field: 'Id', Message: 'is not a material here' });
          continue;
        }
        if (existing && unchanged(values, existing)) {
          answer.Unchanged += 1;
          continue;
        }
        const payload = existing
          ? { ...values, Version: values.Version ?? existing.Version }
          : { ...values, Id: 0, Version: undefined };
        try {
          await saveRow(trx, access, payload);
          if (existing) answer.Updated += 1;
          else answer.Created += 1;
        } catch (error) {
          problems.push(...problemsOf(row, error));
        }
      }
      if (problems.length > 0) throw new Refused();
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { Errors: problems.sort((a, b) => a.Row - b.Row), Created: 0, Updated: 0, Unchanged: 0 };
  }
  return answer;
}

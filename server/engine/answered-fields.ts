import { AppError, type FieldError } from '../errors/app-error';

/**
 * Refuses a save whose read-only fields, sent back as they were read, say something other
 * than the row does (`IsSystem: true` on a page the designer made, another `EntityType`): a
 * client may send back what it read, never claim a row is what it is not. A field left out,
 * or equal to the row's, passes.
 *
 * @example refuseContradictions(body, { IsSystem: row.isSystem }) // body.IsSystem must agree
 */
export function refuseContradictions(body: object, row: Readonly<Record<string, unknown>>): void {
  const sent = body as Record<string, unknown>;
  const errors: FieldError[] = Object.entries(row)
    .filter(([field, value]) => sent[field] !== undefined && sent[field] !== value)
    .map(([field, value]) => ({
      Field: field,
      Message: `is read-only and is ${JSON.stringify(value)} here`,
    }));
  if (errors.length === 0) return;
  const names = errors.map((error) => error.Field).join(', ');
  throw new AppError('BadRequest', `${names}: read-only, and not as sent.`, errors);
}

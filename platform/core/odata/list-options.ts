import { ODataError, list, quote, unknownHint } from './errors';
import type { ODataModel } from './model';
import { own } from './own';

export interface ODataSortKey {
  field: string;
  desc: boolean;
  /** False when the field is never null, so the order needs no null placement (index-friendly). */
  nullable?: boolean;
}

const sortTerm = /^([A-Za-z_][A-Za-z0-9_]*)(?:\s+([A-Za-z]+))?$/;

type Fail = (detail: string, position: number, hint?: string) => never;

function refuser(option: string): Fail {
  return (detail, position, hint) => {
    throw new ODataError(option, detail, position, hint);
  };
}

/** The comma-separated items of an option, trimmed, each with its 1-based position. */
function items(text: string): { item: string; position: number }[] {
  let offset = 0;
  return text.split(',').map((part) => {
    const position = offset + part.length - part.trimStart().length + 1;
    offset += part.length + 1;
    return { item: part.trim(), position };
  });
}

/** `$orderby=Name desc, Code`: sortable fields of the model, each once. */
export function readOrderBy(text: string, model: ODataModel): ODataSortKey[] {
  const fail: Fail = refuser('$orderby');
  const sortable = Object.keys(model.fields).filter((name) => model.fields[name]!.sortable);
  const keys: ODataSortKey[] = [];
  for (const { item, position } of items(text)) {
    const match = sortTerm.exec(item);
    const direction = match?.[2];
    if (!item) fail('has an empty sort key', position);
    if (!match)
      fail(`cannot read ${quote(item)}`, position, 'write Field, Field asc or Field desc');
    if (direction !== undefined && direction !== 'asc' && direction !== 'desc') {
      fail(`cannot read ${quote(item)}`, position, "write 'asc' or 'desc' in lower case");
    }
    const field = match[1]!;
    const known = own(model.fields, field);
    if (own(model.collections, field))
      fail(`cannot sort by the collection ${quote(field)}`, position);
    if (!known)
      fail(
        `unknown field ${quote(field)}`,
        position,
        unknownHint(field, sortable, 'fields you can sort by'),
      );
    if (!known.sortable)
      fail(`cannot sort by ${quote(field)}`, position, `fields you can sort by: ${list(sortable)}`);
    if (keys.some((key) => key.field === field)) fail(`sorts by ${quote(field)} twice`, position);
    keys.push({ field, desc: direction === 'desc' });
  }
  return keys;
}

/** `$select=Id,Name,Roles`: fields and collections of the model, each once; `*` is all. */
export function readSelect(text: string, model: ODataModel): string[] | null {
  if (text.trim() === '*') return null;
  const fail: Fail = refuser('$select');
  const names = [...Object.keys(model.fields), ...Object.keys(model.collections)];
  const selected: string[] = [];
  for (const { item, position } of items(text)) {
    if (!item) fail('has an empty name', position);
    if (!names.includes(item))
      fail(`unknown field ${quote(item)}`, position, unknownHint(item, names, 'fields'));
    if (selected.includes(item)) fail(`names ${quote(item)} twice`, position);
    selected.push(item);
  }
  return selected;
}

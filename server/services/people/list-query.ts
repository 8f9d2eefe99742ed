import { maxODataTop } from '#metadata';
import { AppError } from '../../errors/app-error';

export interface ListQuery<Column extends string> {
  limit: number;
  offset: number;
  orderBy: { column: Column; desc: boolean }[];
}

const supported = ['$top', '$skip', '$orderby', '$count'];
const maxSkip = 2_147_483_647;

function bad(option: string, message: string): AppError {
  return new AppError('BadRequest', `${option} ${message}`, [{ Field: option, Message: message }]);
}

function readCount(option: string, text: string, max: number): number {
  if (!/^\d{1,10}$/.test(text)) throw bad(option, 'must be a whole number of 0 or more.');
  return Math.min(Number(text), max);
}

function readOrderBy<Column extends string>(
  text: string,
  sortColumns: Record<string, readonly Column[]>,
): ListQuery<Column>['orderBy'] {
  const fields = new Map(Object.keys(sortColumns).map((field) => [field.toLowerCase(), field]));
  return text.split(',').flatMap((term) => {
    const match = /^\s*([A-Za-z][A-Za-z0-9]*)(?:\s+(asc|desc))?\s*$/i.exec(term);
    if (!match) throw bad('$orderby', `cannot read '${term.trim()}'.`);
    const field = fields.get(match[1]!.toLowerCase());
    if (!field) {
      const known = Object.keys(sortColumns).join(', ');
      throw bad('$orderby', `cannot sort by '${match[1]}'; fields that sort: ${known}.`);
    }
    const desc = match[2]?.toLowerCase() === 'desc';
    return sortColumns[field]!.map((column) => ({ column, desc }));
  });
}

/**
 * Reads the query options of an `odata/*` list: `$top` (capped), `$skip`, `$orderby` over the
 * fields of `sortColumns` and `$count`. Any other option or field is refused with a 400 that
 * names it, before any SQL is built.
 *
 * @example readListQuery({ $top: '20', $orderby: 'Name desc' }, { Name: ['users.name'] }, 'Name')
 */
export function readListQuery<Column extends string>(
  query: Record<string, unknown>,
  sortColumns: Record<string, readonly Column[]>,
  defaultOrderBy: string,
): ListQuery<Column> {
  for (const [option, value] of Object.entries(query)) {
    if (!supported.includes(option)) {
      throw bad(option, option.startsWith('$') ? 'is not supported.' : 'is not a query option.');
    }
    if (typeof value !== 'string') throw bad(option, 'must be given once.');
  }
  const text = (option: string) => query[option] as string | undefined;
  const count = text('$count');
  if (count !== undefined && !/^(true|false)$/i.test(count)) {
    throw bad('$count', 'must be true or false.');
  }
  const top = text('$top');
  const skip = text('$skip');
  return {
    limit: top === undefined ? maxODataTop : readCount('$top', top, maxODataTop),
    offset: skip === undefined ? 0 : readCount('$skip', skip, maxSkip),
    orderBy: readOrderBy(text('$orderby') || defaultOrderBy, sortColumns),
  };
}

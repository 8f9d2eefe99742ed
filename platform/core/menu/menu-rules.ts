import { keptMenuIds, menuDepthLimit, type MenuSaveItem } from '#metadata';

/**
 * The rules a saved menu keeps beyond its JSON Schema, checked by the server (the authority,
 * `POST api/menu/SaveMenu`) and shown by the menu editor before it saves.
 */

export type MenuProblemCode =
  | 'NAME_REQUIRED'
  | 'URL_NOT_SITE_PATH'
  | 'ID_NOT_POSITIVE'
  | 'ID_TAKEN'
  | 'SPECIAL_NEW'
  | 'PARENT_MISSING'
  | 'CYCLE'
  | 'TOO_DEEP'
  | 'SPECIAL_REMOVED';

export interface MenuProblem {
  /** The item at fault (its index in the list), or null for the menu as a whole. */
  index: number | null;
  field: 'Id' | 'Name' | 'Url' | 'ParentId' | 'IsNew' | null;
  code: MenuProblemCode;
  /** The special id a SPECIAL_REMOVED problem is about. */
  id?: number;
}

/**
 * Whether a menu Url is a path on this site: one leading `/`, then no `/` or `\` (a browser
 * reads `//host` and `/\host` as another site), no white space or control characters. A
 * query and a fragment may follow.
 *
 * @example isSiteRelativeUrl('/admin/users?active=true') // true
 * @example isSiteRelativeUrl('//evil.example/') // false
 */
export function isSiteRelativeUrl(url: string): boolean {
  return /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(url);
}

/** A Url as stored: trimmed, and null when empty. */
export function storedMenuUrl(url: string | null): string | null {
  const trimmed = url?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** How many levels the item sits at (1: top level), or null when its parents loop or are missing. */
function levelOf(id: number, parentOf: ReadonlyMap<number, number | null>): number | null {
  const seen = new Set<number>();
  let level = 0;
  for (let current: number | null = id; current !== null; current = parentOf.get(current)!) {
    if (seen.has(current) || !parentOf.has(current)) return null;
    seen.add(current);
    level += 1;
  }
  return level;
}

/** Whether following the item's parents leads back to the item. */
function inCycle(id: number, parentOf: ReadonlyMap<number, number | null>): boolean {
  const seen = new Set<number>();
  for (
    let current = parentOf.get(id) ?? null;
    current !== null;
    current = parentOf.get(current) ?? null
  ) {
    if (current === id) return true;
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}

/**
 * What is wrong with a menu about to be saved, item by item in list order: a name left
 * empty, a Url that is not a path on this site, an id used twice (or not positive for an
 * item that is not new), a parent missing from the list, parents that loop, nesting deeper
 * than `menuDepthLimit`; and the special items (500, 600, 601) the stored menu has, which may
 * be neither removed nor sent as new.
 *
 * @example menuProblems(items, [500, 600]) // [{ index: 3, field: 'Url', code: 'URL_NOT_SITE_PATH' }]
 */
export function menuProblems(
  items: readonly MenuSaveItem[],
  storedSpecialIds: readonly number[] = [],
): MenuProblem[] {
  const problems: MenuProblem[] = [];
  const parentOf = new Map<number, number | null>();
  items.forEach((item, index) => {
    if (!item.IsNew && item.Id < 1) problems.push({ index, field: 'Id', code: 'ID_NOT_POSITIVE' });
    else if (parentOf.has(item.Id)) problems.push({ index, field: 'Id', code: 'ID_TAKEN' });
    else if (item.IsNew && keptMenuIds.includes(item.Id)) {
      problems.push({ index, field: 'IsNew', code: 'SPECIAL_NEW' });
    }
    if (!parentOf.has(item.Id)) parentOf.set(item.Id, item.ParentId);
    if (item.Name.trim() === '') problems.push({ index, field: 'Name', code: 'NAME_REQUIRED' });
    const url = storedMenuUrl(item.Url);
    if (url !== null && !isSiteRelativeUrl(url)) {
      problems.push({ index, field: 'Url', code: 'URL_NOT_SITE_PATH' });
    }
  });
  items.forEach((item, index) => {
    if (parentOf.get(item.Id) !== item.ParentId || item.ParentId === null) return;
    if (!parentOf.has(item.ParentId)) {
      problems.push({ index, field: 'ParentId', code: 'PARENT_MISSING' });
    } else if (inCycle(item.Id, parentOf)) {
      problems.push({ index, field: 'ParentId', code: 'CYCLE' });
    } else if ((levelOf(item.Id, parentOf) ?? 0) > menuDepthLimit) {
      problems.push({ index, field: 'ParentId', code: 'TOO_DEEP' });
    }
  });
  for (const id of storedSpecialIds) {
    if (!items.some((item) => item.Id === id && !item.IsNew)) {
      problems.push({ index: null, field: null, code: 'SPECIAL_REMOVED', id });
    }
  }
  return problems.sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity));
}

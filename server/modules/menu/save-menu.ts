import type { Kysely, Transaction } from 'kysely';
import {
  type FieldChange,
  keptMenuIds,
  type MenuItem,
  menuDepthLimit,
  type MenuSave,
  type MenuSaveItem,
  platformConstants,
} from '#metadata';
import { type MenuProblem, menuProblems, storedMenuUrl } from '#platform/core';
import type { Database } from '../../db/schema';
import { type Actor, fieldChanges, recordChange } from '../../engine/change-log';
import { staleSave } from '../../engine/concurrency';
import { AppError } from '../../errors/app-error';
import {
  listMenuItems,
  lockMenuLanguage,
  nextMenuItemIds,
  replaceMenuItems,
} from './menu-repository';
import { ifMatchAllows, menuEtag } from './menu-etag';

/** How the change log names a language's menu. */
export const menuEntityType = 'Menu';

const problemText: Record<MenuProblem['code'], string> = {
  NAME_REQUIRED: 'is required',
  URL_NOT_SITE_PATH:
    "must be empty or a path on this site starting with a single '/' (no scheme, no '//')",
  ID_NOT_POSITIVE: 'must be 1 or more for an item that is not new',
  ID_TAKEN: 'is the Id of another item',
  SPECIAL_NEW: 'is a special item (500, 600, 601), which cannot be new',
  PARENT_MISSING: 'names no item of this menu',
  CYCLE: 'makes the item its own ancestor',
  TOO_DEEP: `nests the item deeper than ${menuDepthLimit} levels`,
  SPECIAL_REMOVED: 'is a special item, which cannot be removed',
};

/** The 400 naming each item at fault (`MenuItems.3.Url`) and, in its message, the item's name. */
function refusal(items: readonly MenuSaveItem[], problems: readonly MenuProblem[]): AppError {
  const errors = problems.map((problem) =>
    problem.index === null
      ? { Field: 'MenuItems', Message: `item ${problem.id} ${problemText[problem.code]}` }
      : {
          Field: `MenuItems.${problem.index}.${problem.field}`,
          Message: problemText[problem.code],
        },
  );
  const summary = problems
    .map((problem, at) => {
      const error = errors[at]!;
      const name = problem.index === null ? '' : ` ('${items[problem.index]?.Name ?? ''}')`;
      return `${error.Field}${name} ${error.Message}`;
    })
    .join('; ');
  return new AppError('BadRequest', `The menu cannot be saved: ${summary}.`, errors);
}

/** The items as stored: new ones under fresh ids, children naming their parents' real ids. */
async function withRealIds(
  trx: Transaction<Database>,
  items: readonly MenuSaveItem[],
): Promise<MenuItem[]> {
  const kept = new Set(items.filter((item) => !item.IsNew).map((item) => item.Id));
  const fresh: number[] = [];
  const wanted = items.length - kept.size;
  // An id a spec client chose for a kept item may lie ahead of the sequence: skip it.
  while (fresh.length < wanted) {
    const ids = await nextMenuItemIds(trx, wanted - fresh.length);
    fresh.push(...ids.filter((id) => !kept.has(id)));
  }
  const realId = new Map<number, number>();
  for (const item of items) realId.set(item.Id, item.IsNew ? fresh.shift()! : item.Id);
  return items.map((item) => ({
    Id: realId.get(item.Id)!,
    Name: item.Name.trim(),
    Url: storedMenuUrl(item.Url),
    ParentId: item.ParentId === null ? null : realId.get(item.ParentId)!,
    Order: item.Order,
  }));
}

/** One change-log field per item: what it shows, where it leads, where it sits. */
function menuChanges(before: readonly MenuItem[], after: readonly MenuItem[]): FieldChange[] {
  const text = (item: MenuItem) =>
    `${item.Name} (${item.Url ?? 'no address'}), parent ${item.ParentId ?? 'none'}, order ${item.Order}`;
  const valuesOf = (items: readonly MenuItem[]) =>
    Object.fromEntries(items.map((item) => [`Item ${item.Id}`, text(item)]));
  const ids = [...new Set([...before, ...after].map((item) => item.Id))].sort((a, b) => a - b);
  return fieldChanges(
    valuesOf(before),
    valuesOf(after),
    ids.map((id) => `Item ${id}`),
  );
}

export interface SaveMenuRequest {
  body: MenuSave;
  /** The `If-Match` header sent: the ETag of the menu the editor read. */
  ifMatch: string | undefined;
  actor: Actor;
}

/**
 * `POST api/menu/SaveMenu`: replaces a language's menu in one transaction, or changes nothing
 * (a bad item is a 400 naming it; a menu changed since the tag in `If-Match` is a 409). New
 * items get fresh ids; the change log gets one entry for the language. Answers the menu as
 * stored, with its new tag.
 */
export async function saveMenu(
  db: Kysely<Database>,
  { body, ifMatch, actor }: SaveMenuRequest,
): Promise<{ items: MenuItem[]; etag: string }> {
  const language = body.Language.toLowerCase();
  if (language === platformConstants.fakeLanguage) {
    throw new AppError(
      'BadRequest',
      'The fake language shows the default menu; it has none of its own.',
      [{ Field: 'Language', Message: 'is the fake language, which has no menu of its own' }],
    );
  }
  return db.transaction().execute(async (trx) => {
    if (!(await lockMenuLanguage(trx, language))) {
      throw new AppError('BadRequest', `There is no language '${language}'.`, [
        { Field: 'Language', Message: 'is not a language of this installation' },
      ]);
    }
    const stored = await listMenuItems(trx, language);
    if (!ifMatchAllows(ifMatch, menuEtag(stored))) throw staleSave('menu');
    const special = keptMenuIds.filter((id) => stored.some((item) => item.Id === id));
    const problems = menuProblems(body.MenuItems, special);
    if (problems.length > 0) throw refusal(body.MenuItems, problems);

    await replaceMenuItems(trx, language, await withRealIds(trx, body.MenuItems));
    const saved = await listMenuItems(trx, language);
    const changes = menuChanges(stored, saved);
    if (changes.length > 0) {
      await recordChange(trx, {
        entityType: menuEntityType,
        entityId: language,
        actionType: stored.length === 0 ? 0 : 1,
        actor,
        changes,
      });
    }
    return { items: saved, etag: menuEtag(saved) };
  });
}

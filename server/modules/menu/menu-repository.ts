import { type Kysely, sql, type Transaction } from 'kysely';
import type { MenuItem } from '#metadata';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function listMenuItems(db: Db, languageId: string): Promise<MenuItem[]> {
  const rows = await db
    .selectFrom('menuItems')
    .select(['id', 'name', 'url', 'parentId', 'order'])
    .where('languageId', '=', languageId)
    .orderBy('parentId', (ob) => ob.nullsFirst())
    .orderBy('order')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    Id: r.id,
    Name: r.name,
    Url: r.url,
    ParentId: r.parentId,
    Order: r.order,
  }));
}

/** A menu item as a row of `menu_items` in a language. */
const storedMenuItem = (languageId: string, item: MenuItem) => ({
  languageId,
  id: item.Id,
  name: item.Name,
  url: item.Url,
  parentId: item.ParentId,
  order: item.Order,
});

/** Adds the release's menu items that a language's menu lacks; never changes existing ones. */
export async function insertMissingMenuItems(
  db: Db,
  languageId: string,
  items: MenuItem[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('menuItems')
    .values(items.map((item) => storedMenuItem(languageId, item)))
    .onConflict((oc) => oc.columns(['languageId', 'id']).doNothing())
    .execute();
}

/** Points items still at a moved target's old address at its new one, in every language. */
export async function moveMenuTargets(
  db: Db,
  moves: readonly { Id: number; from: string; to: string }[],
): Promise<void> {
  for (const move of moves) {
    await db
      .updateTable('menuItems')
      .set({ url: move.to })
      .where('id', '=', move.Id)
      .where('url', '=', move.from)
      .execute();
  }
}

/**
 * Locks a language's row for the rest of the transaction, so that saves of its menu run one
 * after another; false when there is no such language.
 */
export async function lockMenuLanguage(
  trx: Transaction<Database>,
  languageId: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('languages')
    .select('id')
    .where('id', '=', languageId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Fresh ids for new menu items, never issued before. */
export async function nextMenuItemIds(
  trx: Transaction<Database>,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval('menu_item_ids')::integer as id
    from generate_series(1, ${count})`.execute(trx);
  return rows.map((row) => row.id);
}

/** Replaces a language's whole menu. */
export async function replaceMenuItems(
  trx: Transaction<Database>,
  languageId: string,
  items: readonly MenuItem[],
): Promise<void> {
  await trx.deleteFrom('menuItems').where('languageId', '=', languageId).execute();
  if (items.length === 0) return;
  await trx
    .insertInto('menuItems')
    .values(items.map((item) => storedMenuItem(languageId, item)))
    .execute();
}

/** Who may see each of these grid pages: its own permission ('' : anyone) and its data source. */
export async function gridPageAudiences(
  db: Db,
  ids: readonly number[],
): Promise<{ id: number; permission: string; dataSourceId: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('gridPages')
    .select(['id', 'permission', 'dataSourceId'])
    .where('id', 'in', ids)
    .execute();
}

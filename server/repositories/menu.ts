import type { Kysely, Transaction } from 'kysely';
import type { MenuItem } from '#metadata';
import type { Database } from '../db/schema';

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

/** Adds the release's menu items that a language's menu lacks; never changes existing ones. */
export async function insertMissingMenuItems(
  db: Db,
  languageId: string,
  items: MenuItem[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('menuItems')
    .values(
      items.map((i) => ({
        languageId,
        id: i.Id,
        name: i.Name,
        url: i.Url,
        parentId: i.ParentId,
        order: i.Order,
      })),
    )
    .onConflict((oc) => oc.columns(['languageId', 'id']).doNothing())
    .execute();
}

import type { Transaction } from 'kysely';
import { administrationGroups, defaultMenu, ungroupedAdministrationMenu } from '#metadata';
import type { Database } from '../../db/schema';

const groupIds = new Set<number>(Object.values(administrationGroups));
const administrationId = 100;

/**
 * Groups the Administration menu (people, catalogue, designers, system) in every language
 * whose items under it are still exactly those the release before the groups seeded (by id,
 * address and order; names may have been translated). A language whose administrator
 * changed them keeps its menu. Returns the languages regrouped.
 */
export async function regroupUnchangedAdministration(
  trx: Transaction<Database>,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('menuItems')
    .select(['languageId', 'id', 'url', 'order'])
    .where('parentId', '=', administrationId)
    .execute();
  const byLanguage = new Map<string, typeof rows>();
  for (const row of rows)
    byLanguage.set(row.languageId, [...(byLanguage.get(row.languageId) ?? []), row]);
  const regrouped: string[] = [];
  for (const [languageId, items] of byLanguage) {
    const unchanged =
      items.length === ungroupedAdministrationMenu.length &&
      ungroupedAdministrationMenu.every((old) =>
        items.some(
          (item) => item.id === old.Id && item.url === old.Url && item.order === old.Order,
        ),
      );
    if (!unchanged) continue;
    const groups = defaultMenu.filter((item) => groupIds.has(item.Id));
    await trx
      .insertInto('menuItems')
      .values(
        groups.map((group) => ({
          languageId,
          id: group.Id,
          name: group.Name,
          url: group.Url,
          parentId: group.ParentId,
          order: group.Order,
        })),
      )
      .onConflict((oc) => oc.columns(['languageId', 'id']).doNothing())
      .execute();
    for (const item of defaultMenu) {
      if (item.ParentId === null || !groupIds.has(item.ParentId)) continue;
      await trx
        .updateTable('menuItems')
        .set({ parentId: item.ParentId, order: item.Order })
        .where('languageId', '=', languageId)
        .where('id', '=', item.Id)
        .execute();
    }
    regrouped.push(languageId);
  }
  return regrouped;
}

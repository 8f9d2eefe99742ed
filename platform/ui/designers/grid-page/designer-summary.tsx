import { Alert, List } from '@mantine/core';
import { useTranslate } from '../data-source/use-translate';
import { useDesigner } from './designer-context';
import type { DesignerState } from './drafts';
import type { PageSetting } from './server-errors';

const settingLabels: Record<PageSetting, string> = {
  PageTitle: 'GRID_DESIGNER.PAGE_TITLE',
  DataSourceId: 'GRID_DESIGNER.DATA_SOURCE',
  PkField: 'GRID_DESIGNER.KEY_FIELD',
  PageSize: 'GRID_DESIGNER.PAGE_SIZE',
  DefaultSort: 'GRID_DESIGNER.SORT_FIELD',
  DefaultFilter: 'GRID_DESIGNER.FILTER',
  DefaultFilterTitle: 'GRID_DESIGNER.FILTER_TITLE',
  Permission: 'GRID_DESIGNER.PERMISSION',
  Columns: 'GRID_DESIGNER.COLUMNS',
};

/** What the designer calls a column or an action in a list of problems. */
function itemNames(state: DesignerState, t: ReturnType<typeof useTranslate>) {
  return new Map<string, string>([
    ...state.columns.map((column): [string, string] => [
      column.uid,
      t('GRID_DESIGNER.COLUMN.NAME', { field: column.Field }),
    ]),
    ...[...state.actions, ...state.rowActions].map((action): [string, string] => [
      action.uid,
      t(`GRID_DESIGNER.ACTION_TYPE.${action.Type}`),
    ]),
  ]);
}

/**
 * Every problem in one list above the buttons: what the browser finds (which keeps Save
 * disabled) and what the server refused.
 */
export function DesignerSummary() {
  const t = useTranslate();
  const { state, problems } = useDesigner();
  const names = itemNames(state, t);
  const onItem = (uid: string, problem: string) =>
    t('GRID_DESIGNER.ITEM_PROBLEM', { item: names.get(uid) ?? uid, problem });
  const local = [
    ...[problems.title, problems.dataSource, problems.columns].flatMap((key) =>
      key ? [t(key)] : [],
    ),
    ...Object.entries(problems.items).flatMap(([uid, keys]) =>
      keys.map((key) => onItem(uid, t(key))),
    ),
  ];
  const { settings, items, other } = state.serverErrors;
  const refused = [
    ...Object.entries(settings).flatMap(([name, texts]) =>
      (texts ?? []).map((problem) =>
        t('GRID_DESIGNER.ITEM_PROBLEM', { item: t(settingLabels[name as PageSetting]), problem }),
      ),
    ),
    ...Object.entries(items).flatMap(([uid, texts]) => texts.map((text) => onItem(uid, text))),
    ...other,
  ];
  if (local.length + refused.length === 0) return null;
  return (
    <Alert
      color={refused.length > 0 ? 'red' : 'yellow'}
      title={t(
        refused.length > 0 ? 'GRID_DESIGNER.SUMMARY.REFUSED' : 'GRID_DESIGNER.SUMMARY.TO_SAVE',
      )}
    >
      <List size="sm">
        {[...refused, ...local].map((text, index) => (
          <List.Item key={`${index}:${text}`}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

import { fieldErrorsOf } from '../../http';

/** The page's own settings a refused save may name. */
export const pageSettings = [
  'PageTitle',
  'DataSourceId',
  'PkField',
  'PageSize',
  'DefaultSort',
  'DefaultFilter',
  'DefaultFilterTitle',
  'Permission',
  'Columns',
] as const;
export type PageSetting = (typeof pageSettings)[number];

/** A refused save's errors, by what they are about: a setting, or a column or action (by uid). */
export interface ServerErrors {
  settings: Readonly<Partial<Record<PageSetting, string[]>>>;
  items: Readonly<Record<string, string[]>>;
  /** Errors about nothing the designer shows. */
  other: string[];
}

export const noServerErrors: ServerErrors = { settings: {}, items: {}, other: [] };

const isSetting = (name: string): name is PageSetting =>
  (pageSettings as readonly string[]).includes(name);

const add = <Key extends string>(
  map: Readonly<Partial<Record<Key, string[]>>>,
  key: Key,
  message: string,
) => ({ ...map, [key]: [...(map[key] ?? []), message] });

/** The uids of the columns and actions as they were sent, by the list the server names. */
export type SentItems = Readonly<Record<'Columns' | 'Actions' | 'RowActions', readonly string[]>>;

/**
 * The field errors of a 400 placed on what they name: a setting (`PageTitle`), or an item of a
 * list by its index as sent (`Columns.2.Title`, `Columns/2/Title` or `Columns[2].Title`: the
 * property is kept in the message). `describe` words a property's error (`Title is required`).
 */
export function serverErrorsOf(
  errors: unknown,
  sent: SentItems,
  describe: (property: string, message: string) => string,
): ServerErrors {
  let result: ServerErrors = noServerErrors;
  for (const error of fieldErrorsOf(errors)) {
    const [head = '', index, ...rest] = error.Field.split(/[./[\]]+/).filter(Boolean);
    const list = head === 'Columns' || head === 'Actions' || head === 'RowActions' ? head : null;
    const uid = list && index !== undefined ? sent[list][Number(index)] : undefined;
    if (uid !== undefined) {
      const property = rest.join('.');
      const text = property ? describe(property, error.Message) : error.Message;
      result = { ...result, items: add(result.items, uid, text) };
    } else if (isSetting(head) && (index === undefined || head === 'DefaultSort')) {
      result = { ...result, settings: add(result.settings, head, error.Message) };
    } else {
      const text = error.Field ? `${error.Field}: ${error.Message}` : error.Message;
      result = { ...result, other: [...result.other, text] };
    }
  }
  return result;
}

export const hasServerErrors = (errors: ServerErrors) =>
  Object.keys(errors.settings).length + Object.keys(errors.items).length + errors.other.length > 0;

/** The errors without those about a setting or an item, once it is edited. */
export function withoutErrorsOn(
  errors: ServerErrors,
  what: { setting?: PageSetting; item?: string },
): ServerErrors {
  const drop = <Key extends string>(map: Readonly<Partial<Record<Key, string[]>>>, key?: Key) =>
    key === undefined || !(key in map)
      ? map
      : (Object.fromEntries(Object.entries(map).filter(([k]) => k !== key)) as Partial<
          Record<Key, string[]>
        >);
  const settings = drop(errors.settings, what.setting);
  const items = drop(errors.items, what.item) as Record<string, string[]>;
  return settings === errors.settings && items === errors.items
    ? errors
    : { ...errors, settings, items };
}

import type { ComponentType } from 'react';
import type { FormDefinition, JsonSchema } from '#metadata';

/** One error of a refused save, as the server's 400 body lists it in `Errors`. */
export interface ServerFieldError {
  /** The field at fault: `Code`, `Contacts/0/Email` or `Contacts.0.Email`; empty for the form. */
  Field: string;
  Message: string;
}

/** An entry of a `checkboxList` field: a named item the user checks or not. */
export interface CheckboxListItem {
  Id: number | string;
  Name?: string;
  IsChecked?: boolean;
  readonly [field: string]: unknown;
}

/**
 * What the app hands the widgets through RJSF's `formContext` (`registry.formContext`).
 *
 * @example
 * const context: SchemaFormContext = {
 *   loadOptions: (field, text) => api.customers(text),
 *   itemDisabled: (field, item) =>
 *     field === 'Roles' && editingSelf && item.IsAdmin ? t('PAGES.USERS.OWN_ADMIN_ROLE') : false,
 * };
 */
export interface SchemaFormContext {
  /**
   * Options of an `autocomplete` field for the typed text (at least `ui:options.minChars`,
   * default 2, characters). `field` is `ui:options.source`, else the property name.
   */
  loadOptions?: (field: string, text: string) => Promise<readonly string[]>;
  /**
   * Whether an item of a `checkboxList` field (`field` = property name) cannot be toggled: a
   * string disables it and is shown under it as the reason; `true` disables it silently.
   */
  itemDisabled?: (field: string, item: CheckboxListItem) => string | boolean | null | undefined;
  readonly [key: string]: unknown;
}

/** A widget of the registry; receives RJSF's `WidgetProps`. */
// RJSF's own registry type is `ComponentType<WidgetProps<any, ...>>`; the value type varies per widget.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SchemaFormWidget = ComponentType<any>;

export interface SchemaFormProps<T> {
  schema: JsonSchema;
  /** RJSF uiSchema: `ui:widget`, `ui:order`, `ui:options` (`unique`, `patternMessage`, ...). */
  uiSchema?: FormDefinition | null;
  /** The row to show; a new object (a reload after a save) resets the form to it. */
  formData: T;
  /** `view`: every field read-only, no Save. */
  mode: 'edit' | 'view';
  /**
   * Saves; called only with valid data whose unique fields were confirmed. Throw a
   * `SaveFailure` (or let an `HttpError` 400 with `Errors` through) to show field errors.
   */
  onSubmit(data: T): Promise<void> | void;
  /** Shows a Cancel button (Back in view mode). */
  onCancel?(): void;
  /** Errors of a refused save the app already has, shown on their fields until edited. */
  serverErrors?: readonly ServerFieldError[] | null;
  /**
   * Whether `value` is free for `field` (a path like `Code`); used for fields whose uiSchema has
   * `ui:options.unique: true` (in nested objects too; not inside arrays). Asked 300 ms after
   * typing stops, on blur and before `onSubmit`; not for an empty value nor for the value the
   * row was loaded with. A rejected promise counts as not unique (the check fails closed).
   */
  checkUnique?: (field: string, value: unknown) => Promise<boolean>;
  submitLabel?: string;
  /** Disables Save, e.g. while the app loads or saves. */
  busy?: boolean;
  /** Extra widgets by name, added to (or replacing) `schemaFormWidgets`. */
  widgets?: Readonly<Record<string, SchemaFormWidget>>;
  formContext?: SchemaFormContext;
  /** Told whether the data now differs from what was loaded (unsaved changes). */
  onDirtyChange?(dirty: boolean): void;
  /** Told the data after each edit (a preview beside the form follows it). */
  onChange?(data: T): void;
  /** Prefix of the field ids (default `root`); set it when two forms share a page. */
  idPrefix?: string;
}

import type { ComponentType } from 'react';
import type { FormDefinition, GridPage, GridRowAction, JsonSchema } from '#metadata';
import type { CellRenderer } from '../schema-grid';
import type { SchemaFormContext, SchemaFormWidget, ServerFieldError } from '../schema-form';
import type { EntityRow } from './entity-api';

/** The form of one row as the detail screen draws it: the page's schema and form definition. */
export interface EntityForm {
  schema: JsonSchema;
  uiSchema: FormDefinition | null;
}

/** What an extension knows of the row being edited and of who edits it. */
export interface EntityEditContext {
  /** Whether the signed-in user holds a permission expression (`ManageRoles,AssignUsersToRoles`). */
  can(permission: string): boolean;
  /** The row is a new one (id 0), not saved yet. */
  isNew: boolean;
  /** `view` when the user only looks at the row (no Save). */
  mode: 'edit' | 'view';
  /** Translates a key in the screen's language (for reasons a form context gives). */
  t(key: string): string;
}

/** What a toolbar of an extension gets: the grid page on screen and a reload of its rows. */
export interface EntityToolbarProps {
  page: GridPage;
  /** Loads the grid's rows again (after the toolbar changed them). */
  reload(): void;
}

/**
 * What an application module adds to the engine screens of one data source: cells drawn
 * its own way, controls in the grid screen's toolbar, rules of the form for one row (a field
 * read-only once saved, a list the user may not change), a form context (e.g. checkboxes a
 * user may not toggle), extra widgets, a last look at a row before it is saved and a reading
 * of the server's answer.
 *
 * @example
 * registerEntityExtension('Roles', {
 *   form: (form, row, { isNew }) =>
 *     isNew ? form : { ...form, uiSchema: { ...form.uiSchema, IsAdmin: { 'ui:readonly': true } } },
 *   beforeSave: (row) => (row.IsAdmin ? { ...row, Permissions: undefined } : row),
 *   afterSave: (answer) =>
 *     answer.NameTaken ? [{ Field: 'Name', Message: 'PAGES.ROLES.NAME_TAKEN' }] : null,
 * });
 * registerEntityExtension('DataSources', { toolbar: SnapshotButtons });
 */
export interface EntityExtension {
  cells?: Partial<Record<string, CellRenderer<EntityRow>>>;
  /** Whether a row offers a row action (a built-in permission offers no Delete); default all. */
  rowActionOffered?(action: GridRowAction, row: EntityRow): boolean;
  /**
   * Controls the grid screen draws after its actions (New); they check the user's
   * permissions themselves.
   */
  toolbar?: ComponentType<EntityToolbarProps>;
  /** The schema and form definition of one row (called again when the row is reloaded). */
  form?(form: EntityForm, row: EntityRow, context: EntityEditContext): EntityForm;
  formContext?(row: EntityRow, context: EntityEditContext): SchemaFormContext;
  widgets?: Readonly<Record<string, SchemaFormWidget>>;
  /** The row as it is posted (e.g. with its password hashed); may be async. */
  beforeSave?(row: EntityRow): EntityRow | Promise<EntityRow>;
  /**
   * Reads the answer of a save the server took (a 200): field errors (messages may be
   * translation keys) keep the user on the form with them shown; null or none is a success.
   * An answer `{ Succeeded: false }` the extension leaves alone is shown as a failed save.
   */
  afterSave?(answer: EntityRow): readonly ServerFieldError[] | null;
  /** Told once a row was deleted (e.g. to refresh what the browser holds of the rows). */
  afterDelete?(row: EntityRow): void;
}

const extensions = new Map<string, EntityExtension>();

/**
 * Registers the extension of a data source (by name, e.g. `Users`); a later one for the
 * same name is merged over the earlier.
 *
 * @example registerEntityExtension('ChangeLogs', { cells: { Changes: ChangesCell } });
 */
export function registerEntityExtension(dataSource: string, extension: EntityExtension): void {
  const key = dataSource.toLowerCase();
  extensions.set(key, { ...extensions.get(key), ...extension });
}

const none: EntityExtension = Object.freeze({});

export function entityExtension(dataSource: string): EntityExtension {
  return extensions.get(dataSource.toLowerCase()) ?? none;
}

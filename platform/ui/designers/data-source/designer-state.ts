import type {
  ContainerControlType,
  ControlNode,
  DataSourcePermissions,
  DataSourceView,
  UserTableSchema,
} from '#metadata';
import { controlsOf, controlsUsingField, fieldTreeOf, walkControls } from '#platform/core';
import {
  freeControlId,
  moveControl,
  appendControl,
  removeControl,
  setControlTitle,
} from './control-edits';
import { reconcileControls, showField, toUidKeys } from './control-fields';
import {
  addField,
  type FieldNode,
  type FieldPatch,
  findField,
  removeField,
  setKeyField,
  updateField,
  withUids,
} from './field-nodes';
import { noServerErrors, type ServerErrors, withoutErrorsOn } from './server-errors';

/** Everything the designer edits, and what it was loaded from. */
export interface DesignerState {
  view: DataSourceView;
  name: string;
  permissions: DataSourcePermissions;
  fields: FieldNode[];
  /** The control tree, keys by field uid (see `control-fields.ts`). */
  controls: ControlNode[];
  /** Whether the user changed the control tree (a default form stays default until then). */
  controlsTouched: boolean;
  /** The field being edited. */
  selected: string | null;
  /** The field just added (its editor takes the focus). */
  added: string | null;
  serverErrors: ServerErrors;
}

export type DesignerAction =
  | { type: 'load'; view: DataSourceView }
  /** The data source moved on without its definition changing (its access rules were saved). */
  | { type: 'version'; version: number }
  | { type: 'name'; name: string }
  | { type: 'permissions'; permissions: DataSourcePermissions }
  | { type: 'keyField'; uid: string | null }
  | { type: 'addField'; parentUid: string | null }
  | { type: 'updateField'; uid: string; patch: FieldPatch }
  | { type: 'removeField'; uid: string }
  | { type: 'select'; uid: string | null }
  | { type: 'moveControl'; id: string; containerId: string | null; index: number }
  | { type: 'addContainer'; controlType: ContainerControlType }
  | { type: 'titleControl'; id: string; title: string }
  | { type: 'removeControl'; id: string }
  | { type: 'showField'; key: string }
  | { type: 'serverErrors'; errors: ServerErrors };

export function initialState(view: DataSourceView): DesignerState {
  const schema = view.SchemaDefinition as unknown as UserTableSchema;
  const fields = withUids(fieldTreeOf(schema, view.PrimaryKeyField || null));
  return {
    view,
    name: view.Name,
    permissions: { ...view.Permissions },
    fields,
    controls: toUidKeys(controlsOf(view.FormDefinition, schema), fields),
    controlsTouched: false,
    selected: null,
    added: null,
    serverErrors: noServerErrors,
  };
}

/** A field's control key (its uid path), whether or not a control shows it. */
export const fieldKey = (state: Pick<DesignerState, 'fields'>, uid: string) =>
  findField(state.fields, uid)?.uidPath ?? uid;

/** Whether a control shows the field or anything under it (it cannot be deleted then). */
export const fieldInUse = (state: DesignerState, uid: string) =>
  controlsUsingField(state.controls, fieldKey(state, uid)).length > 0;

function withFields(state: DesignerState, fields: FieldNode[]): DesignerState {
  return { ...state, fields, controls: reconcileControls(state.controls, fields) };
}

function withAddedField(state: DesignerState, parentUid: string | null): DesignerState {
  const [fields, added] = addField(state.fields, parentUid);
  const next = withFields(state, fields);
  const key = fieldKey(next, added.uid);
  const shown = [...walkControls(next.controls)].some(
    ({ node }) => 'Key' in node && node.Key === key,
  );
  return {
    ...next,
    controls: shown ? next.controls : showField(next.controls, fields, key),
    selected: added.uid,
    added: added.uid,
  };
}

function controlEdit(state: DesignerState, controls: ControlNode[], id?: string): DesignerState {
  const serverErrors = withoutErrorsOn(state.serverErrors, { control: id });
  return { ...state, controls, controlsTouched: true, serverErrors };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const errors = state.serverErrors;
  switch (action.type) {
    case 'load':
      return initialState(action.view);
    case 'version':
      return { ...state, view: { ...state.view, Version: action.version } };
    case 'name':
      return { ...state, name: action.name, serverErrors: { ...errors, name: [] } };
    case 'permissions':
      return { ...state, permissions: action.permissions };
    case 'keyField':
      return {
        ...withFields(state, setKeyField(state.fields, action.uid)),
        serverErrors: { ...errors, primaryKey: [] },
      };
    case 'addField':
      return withAddedField(state, action.parentUid);
    case 'updateField': {
      const updated = updateField(state.fields, action.uid, action.patch);
      // One key at most: making a field the key makes the others plain fields.
      const fields = action.patch.PK ? setKeyField(updated, action.uid) : updated;
      return {
        ...withFields(state, fields),
        serverErrors: withoutErrorsOn(errors, { field: action.uid }),
      };
    }
    case 'removeField':
      return {
        ...withFields(state, removeField(state.fields, action.uid)),
        selected: state.selected === action.uid ? null : state.selected,
        serverErrors: withoutErrorsOn(errors, { field: action.uid }),
      };
    case 'select':
      return { ...state, selected: action.uid, added: null };
    case 'moveControl':
      return controlEdit(
        state,
        moveControl(state.controls, action.id, action.containerId, action.index),
        action.id,
      );
    case 'addContainer': {
      const Id = freeControlId(state.controls, action.controlType);
      const container = { Id, Type: action.controlType, Children: [] };
      return controlEdit(state, appendControl(state.controls, null, container));
    }
    case 'titleControl':
      return controlEdit(
        state,
        setControlTitle(state.controls, action.id, action.title),
        action.id,
      );
    case 'removeControl':
      return controlEdit(state, removeControl(state.controls, action.id), action.id);
    case 'showField':
      return controlEdit(state, showField(state.controls, state.fields, action.key));
    case 'serverErrors':
      return { ...state, serverErrors: action.errors };
  }
}

import {
  type controlWidgets,
  type ContainerControlType,
  type ControlNode,
  type DataSourcePermissions,
  type DataSourceView,
  type UserTableSchema,
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
import { type FieldKind, isMultiline, nameFromTitle, storedTypeOf } from './field-kinds';
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
  | { type: 'addField'; parentUid: string | null; kind?: FieldKind }
  /** The field's type in the user's words (a kind may set its control's widget too). */
  | { type: 'fieldKind'; uid: string; kind: FieldKind }
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

function withAddedField(
  state: DesignerState,
  parentUid: string | null,
  kind: FieldKind = 'Text',
): DesignerState {
  const [fields, added] = addField(state.fields, parentUid, storedTypeOf(kind) ?? 'String');
  const next = withFields(state, fields);
  const key = fieldKey(next, added.uid);
  const shown = [...walkControls(next.controls)].some(
    ({ node }) => 'Key' in node && node.Key === key,
  );
  const controls = shown ? next.controls : showField(next.controls, fields, key);
  return {
    ...next,
    controls: isMultiline(kind) ? withWidget(controls, key, 'textarea') : controls,
    selected: added.uid,
    added: added.uid,
  };
}

type ControlWidget = (typeof controlWidgets)[number];

/** The controls with the field control of `key` asking for `widget` (none: its type's own). */
function withWidget(
  controls: readonly ControlNode[],
  key: string,
  widget: ControlWidget | undefined,
): ControlNode[] {
  return controls.map((node): ControlNode => {
    if (node.Type === 'field') {
      if (node.Key !== key) return node;
      const { Widget: _widget, ...rest } = node;
      return widget ? { ...rest, Widget: widget } : rest;
    }
    return { ...node, Children: withWidget(node.Children, key, widget) };
  });
}

/** The widget the field control of a field asks for, if any. */
export function fieldWidget(state: Pick<DesignerState, 'fields' | 'controls'>, uid: string) {
  const key = fieldKey(state, uid);
  for (const { node } of walkControls(state.controls)) {
    if (node.Type === 'field' && node.Key === key) return node.Widget;
  }
  return undefined;
}

/** A patch of a field whose name follows its title gets the name the title gives. */
function withDerivedName(state: DesignerState, uid: string, patch: FieldPatch): FieldPatch {
  const entry = findField(state.fields, uid);
  if (!entry) return patch;
  if (patch.Name !== undefined) return { ...patch, autoName: false };
  if (patch.Title === undefined || !entry.node.autoName) return patch;
  const siblings = entry.parent ? entry.parent.Children : state.fields;
  const taken = siblings.filter((node) => node.uid !== uid).map((node) => node.Name);
  return patch.Title.trim() ? { ...patch, Name: nameFromTitle(patch.Title, taken) } : patch;
}

function withKind(state: DesignerState, uid: string, kind: FieldKind): DesignerState {
  const type = storedTypeOf(kind);
  if (!type) return state;
  const fields = updateField(state.fields, uid, { Type: type });
  const next = withFields(state, fields);
  const key = fieldKey(next, uid);
  const widget = fieldWidget(next, uid);
  const wanted = isMultiline(kind) ? 'textarea' : widget === 'textarea' ? undefined : widget;
  if (wanted === widget) return next;
  return { ...next, controls: withWidget(next.controls, key, wanted), controlsTouched: true };
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
      return withAddedField(state, action.parentUid, action.kind);
    case 'fieldKind':
      return {
        ...withKind(state, action.uid, action.kind),
        serverErrors: withoutErrorsOn(errors, { field: action.uid }),
      };
    case 'updateField': {
      const patch = withDerivedName(state, action.uid, action.patch);
      const updated = updateField(state.fields, action.uid, patch);
      // One key at most: making a field the key makes the others plain fields.
      const fields = patch.PK ? setKeyField(updated, action.uid) : updated;
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

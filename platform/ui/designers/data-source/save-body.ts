import {
  dataSourceNamePattern,
  type DataSourceSave,
  type FormDefinition,
  type JsonSchema,
  maxUserFields,
} from '#metadata';
import { controlProblems, fieldTreeProblems, schemaOfFieldTree } from '#platform/core';
import { toNameKeys } from './control-fields';
import type { DesignerState } from './designer-state';

const namePattern = new RegExp(dataSourceNamePattern, 'u');

type Design = Pick<DesignerState, 'view' | 'fields' | 'controls'>;

function schemaTitle(state: Design): string | undefined {
  const title = state.view.SchemaDefinition.title;
  return typeof title === 'string' ? title : undefined;
}

/** The field tree as stored (JSON Schema), its key field, and the form's controls by name. */
export function designOf(state: Design) {
  const { schema, primaryKey } = schemaOfFieldTree(state.fields, schemaTitle(state));
  return { schema, primaryKey, controls: toNameKeys(state.controls, state.fields) };
}

/**
 * The body of `POST` (new) or `PUT api/dataSources`. A data source that had no form definition
 * keeps none (its form stays the default one) until the user changes the control tree.
 */
export function saveBodyOf(state: DesignerState): DataSourceSave {
  const { schema, primaryKey, controls } = designOf(state);
  const keepDefault = state.view.FormDefinition === null && !state.controlsTouched;
  return {
    Id: state.view.Id,
    Name: state.name.trim(),
    PrimaryKeyField: primaryKey,
    SchemaDefinition: schema as unknown as JsonSchema,
    FormDefinition: keepDefault ? null : { 'ui:controls': controls },
    Permissions: state.permissions,
    ...(state.view.Id === 0 ? {} : { Version: state.view.Version }),
  };
}

/** What the preview draws: the schema and `{ "ui:controls": [...] }`. */
export function previewOf(state: Design): { schema: JsonSchema; uiSchema: FormDefinition } {
  const { schema, controls } = designOf(state);
  return { schema: schema as unknown as JsonSchema, uiSchema: { 'ui:controls': controls } };
}

/** What keeps the design from being saved, found in the browser (the server checks again). */
export function designProblems(state: DesignerState) {
  const name = state.name.trim();
  const fields = fieldTreeProblems(state.fields, maxUserFields);
  const { schema, controls } = designOf(state);
  return {
    name: name === '' ? 'required' : namePattern.test(name) ? null : 'pattern',
    fields,
    // Controls are checked against a sound field tree only: a name being typed is no fault of theirs.
    controls: fields.length === 0 ? controlProblems(controls, schema) : [],
  };
}

export type DesignProblems = ReturnType<typeof designProblems>;

export const hasProblems = (problems: DesignProblems) =>
  problems.name !== null || problems.fields.length > 0 || problems.controls.length > 0;

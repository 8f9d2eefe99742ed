import { Box } from '@mantine/core';
import Form, { type IChangeEvent } from '@rjsf/core';
import { deepEquals, getUiOptions, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createErrorTransformer } from './error-messages';
import { type FieldPath, fieldId, parseFieldPath, toErrorSchema, uiNodeAt } from './field-path';
import { focusField, focusFirstInvalid } from './focus-field';
import { FormActions } from './form-actions';
import { applyControls } from './layout/apply-controls';
import { formValidator } from './form-validator';
import { SaveFailure } from './save-failure';
import type { SchemaFormContext, SchemaFormProps } from './schema-form-types';
import { ErrorSlotContext, schemaFormTemplates } from './templates';
import { createStringTranslator } from './rjsf-strings';
import { inSentence, translateUiSchema } from './translate-ui-schema';
import { useFormData } from './use-form-data';
import { uniqueFieldPaths, useUniqueCheck } from './use-unique-check';
import { useServerErrors } from './use-server-errors';
import { schemaFormWidgets } from './widgets/registry';

type ChangeEvent<T> = IChangeEvent<T, RJSFSchema, SchemaFormContext>;

const defaultMaxWidth = 640;
const ignoreErrors = () => {};

/**
 * The form of every entity detail screen, drawn from the entity's JSON Schema and uiSchema
 * (RJSF with Mantine widgets, RJSF's own texts translated). Validates as the schema says,
 * shows one message per field that names it (`Enter the code.`) beside it and in an error
 * summary above the buttons, and takes the focus to the first field in error; checks unique
 * fields with the server and shows the server's field errors of a refused save. An error thrown by `onSubmit` that is neither a
 * `SaveFailure` nor an `HttpError` with `Errors` is rethrown (an unhandled rejection, which
 * the global error logging reports). The form is at most 640 px wide unless the root
 * uiSchema says `'ui:options': { maxWidth: ... }`. A uiSchema holding a data source's control
 * tree (`{ 'ui:controls': [...] }`) draws the fields in its sections, fieldsets, tabs and rows,
 * and only the fields it places (`applyControls`).
 *
 * @example
 * <SchemaForm
 *   schema={unit.SchemaDefinition}
 *   uiSchema={unit.FormDefinition}   // { Code: { 'ui:widget': 'upperCode', 'ui:options': { unique: true } } }
 *   formData={row}
 *   mode="edit"
 *   checkUnique={(field, value) => isUnique('Units', field, value)}
 *   onSubmit={async (row) => { await saveUnit(row); navigate('/admin/units'); }}
 *   onCancel={() => navigate(-1)}
 * />
 */
export function SchemaForm<T>(props: SchemaFormProps<T>) {
  const { schema, uiSchema, formData, mode, onSubmit, onCancel, serverErrors, checkUnique } = props;
  const { submitLabel, busy = false, widgets, formContext, idPrefix = 'root' } = props;
  const { t } = useTranslation();
  const [errorSlot, setErrorSlot] = useState<HTMLDivElement | null>(null);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const data = useFormData(formData);
  const dirty = !deepEquals(data.current, data.loaded);
  const { onDirtyChange } = props;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const translatedUi = useMemo(
    () =>
      translateUiSchema(schema, applyControls(schema, uiSchema), t) as UiSchema<
        T,
        RJSFSchema,
        SchemaFormContext
      >,
    [schema, uiSchema, t],
  );
  const transformErrors = useMemo(
    () => createErrorTransformer<T>((key, options) => (options ? t(key, options) : t(key)), schema),
    [t, schema],
  );
  const translateString = useMemo(() => createStringTranslator((key) => t(key)), [t]);
  const formBox = useRef<HTMLDivElement>(null);
  // After RJSF has drawn the errors of a refused submit: the first field in error, in page order.
  const focusFirstError = useCallback(() => {
    setTimeout(() => focusFirstInvalid(formBox.current), 0);
  }, []);
  const notUniqueMessage = useCallback(
    (path: FieldPath) => {
      const title = uiNodeAt(translatedUi, path)?.['ui:title'];
      const field = typeof title === 'string' ? title : (path.at(-1) ?? '');
      return t('FORM.NOT_UNIQUE', { field, fieldLower: inSentence(field) });
    },
    [translatedUi, t],
  );
  const allWidgets = useMemo(() => ({ ...schemaFormWidgets, ...widgets }), [widgets]);
  const uniquePaths = useMemo(() => uniqueFieldPaths(uiSchema), [uiSchema]);

  const server = useServerErrors(serverErrors);
  const unique = useUniqueCheck({
    paths: uniquePaths,
    checkUnique,
    initialData: data.loaded,
    idPrefix,
    message: notUniqueMessage,
  });
  const extraErrors = useMemo(
    () =>
      toErrorSchema<T>([
        ...server.messages.map(({ path, message }) => ({ path, message: t(message) })),
        ...unique.messages,
      ]),
    [server.messages, unique.messages, t],
  );

  const focusPath = (path: FieldPath | undefined) => {
    if (path) focusField(document.getElementById(fieldId(idPrefix, path)));
  };

  const handleChange = ({ formData: next }: ChangeEvent<T>) => {
    const before = data.current;
    data.update(next as T);
    server.dataChanged(before, next);
    unique.dataChanged(before, next);
    props.onChange?.(next as T);
  };

  const save = async (row: T) => {
    if (mode === 'view' || savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    server.showFailure([]);
    try {
      const duplicates = await unique.confirm(row);
      if (duplicates.length > 0) {
        focusPath(duplicates[0]);
        return;
      }
      await onSubmit(row);
    } catch (error) {
      const failure = SaveFailure.from(error);
      if (!failure) throw error;
      server.showFailure(failure.errors);
      const first = failure.errors[0];
      if (first) focusPath(parseFieldPath(first.Field));
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  const rootOptions = getUiOptions(translatedUi);
  const maxWidth = rootOptions.maxWidth ?? defaultMaxWidth;

  return (
    <Box
      ref={formBox}
      maw={typeof maxWidth === 'number' || typeof maxWidth === 'string' ? maxWidth : undefined}
    >
      <ErrorSlotContext.Provider value={errorSlot}>
        <Form<T, RJSFSchema, SchemaFormContext>
          schema={schema as RJSFSchema}
          uiSchema={translatedUi}
          formData={data.current}
          formContext={formContext}
          validator={formValidator<T>()}
          templates={schemaFormTemplates}
          widgets={allWidgets}
          idPrefix={idPrefix}
          readonly={mode === 'view'}
          noHtml5Validate
          showErrorList="bottom"
          focusOnFirstError={focusFirstError}
          translateString={translateString}
          transformErrors={transformErrors}
          extraErrors={extraErrors}
          onChange={handleChange}
          // The errors are on screen; without a handler RJSF would log them to the console.
          onError={ignoreErrors}
          onBlur={unique.blurred}
          onSubmit={({ formData: row }) => void save(row as T)}
        >
          <div ref={setErrorSlot} />
          <FormActions
            mode={mode}
            submitLabel={submitLabel}
            busy={busy}
            saving={saving}
            onCancel={onCancel}
          />
        </Form>
      </ErrorSlotContext.Provider>
    </Box>
  );
}

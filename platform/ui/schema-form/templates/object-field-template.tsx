import { Box, Fieldset, Group, Stack } from '@mantine/core';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ControlLayout } from '../layout/control-layout';
import { layoutOf } from '../layout/layout-node';
import {
  buttonId,
  canExpand,
  descriptionId,
  getTemplate,
  getUiOptions,
  titleId,
} from '@rjsf/utils';

/**
 * Fields one under another with even spacing, or placed in the containers of a control tree
 * (`ui:controlLayout`, see `applyControls`); a nested object in a fieldset under its title,
 * numbered when it is an item of a list (`Contact 2`).
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { title, description, properties, fieldPathId, uiSchema, schema, formData } = props;
  const { registry, disabled, readonly, required, onAddProperty, errorSchema } = props;
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  const { t } = useTranslation();
  const isRoot = fieldPathId.path.length === 0;
  const layout = layoutOf(uiSchema);
  const last = fieldPathId.path.at(-1);
  const legend =
    typeof last === 'number' && title
      ? t('FORM.ARRAY_ITEM', { item: title, number: last + 1 })
      : title;

  const content = (
    <Stack gap="md">
      {description && (
        <DescriptionFieldTemplate
          id={descriptionId(fieldPathId)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {layout ? (
        <ControlLayout
          nodes={layout}
          fields={new Map(properties.map((property) => [property.name, property]))}
          errorSchema={errorSchema}
          // Under the form's own title (an h3, Mantine's title template) sections are h4.
          headingLevel={isRoot && title ? 4 : 2}
        />
      ) : (
        properties.map((property) => (
          <Box key={property.name} display={property.hidden ? 'none' : undefined}>
            {property.content}
          </Box>
        ))
      )}
      {canExpand(schema, uiSchema, formData) && (
        <Group justify="flex-end">
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            disabled={disabled || readonly}
            onClick={onAddProperty}
            uiSchema={uiSchema}
            registry={registry}
          />
        </Group>
      )}
    </Stack>
  );

  if (!isRoot && title) {
    return (
      <Fieldset id={fieldPathId.$id} legend={legend}>
        {content}
      </Fieldset>
    );
  }
  return (
    <Stack id={fieldPathId.$id} gap="md">
      {title && (
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      {content}
    </Stack>
  );
}

import { Box, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { buttonId, getTemplate, getUiOptions, TranslatableString } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '../../icons/stroke-icon';
import { ArrayItemTabs } from '../layout/array-item-tabs';
import { inSentence } from '../translate-ui-schema';
import { arrayItemName } from './array-item-name';

const PlusIcon = () => (
  <StrokeIcon size={16}>
    <path d="M12 5v14M5 12h14" />
  </StrokeIcon>
);

/**
 * A list field (e.g. a company's contacts) in a fieldset under its title: its items (as tabs
 * titled 1, 2, ... with `ui:options.tabs`), a note when there are none, and a labelled add
 * button (`Add contact`, from the items' `ui:title`).
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, items, onAddClick, readonly } = props;
  const { required, schema, uiSchema, title, registry, optionalDataControl, errorSchema } = props;
  const { t } = useTranslation();
  const options = getUiOptions(uiSchema);
  const TitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, options);
  const DescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, options);
  const heading = options.title || title;
  const item = arrayItemName(uiSchema);
  const addLabel = item
    ? t('FORM.ADD_ITEM', { item, itemLower: inSentence(item) })
    : t('FORM.ADD_TO', { field: heading, fieldLower: inSentence(heading ?? '') });
  const description = options.description || schema.description;

  return (
    <Fieldset
      className={className}
      id={fieldPathId.$id}
      legend={
        heading ? (
          <TitleTemplate
            fieldPathId={fieldPathId}
            required={required}
            title={heading}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
            optionalDataControl={readonly || disabled ? undefined : optionalDataControl}
          />
        ) : undefined
      }
    >
      <Stack gap="sm">
        {description && (
          <DescriptionTemplate
            description={description}
            fieldPathId={fieldPathId}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        )}
        {items.length > 0 && options.tabs === true ? (
          <ArrayItemTabs items={items} label={heading} errorSchema={errorSchema} />
        ) : items.length > 0 ? (
          <Box className="rjsf-array-item-list">{items}</Box>
        ) : (
          <Text size="sm" c="dimmed">
            {registry.translateString(TranslatableString.EmptyArray)}
          </Text>
        )}
        {canAdd && !readonly && (
          <Group>
            <Button
              id={buttonId(fieldPathId, 'add')}
              variant="light"
              size="compact-sm"
              leftSection={<PlusIcon />}
              disabled={disabled}
              onClick={() => onAddClick()}
            >
              {addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

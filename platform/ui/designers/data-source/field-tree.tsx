import { ActionIcon, Badge, Box, Group, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dialogs } from '../../dialogs';
import { useDesigner } from './designer-context';
import { fieldInUse, fieldWidget } from './designer-state';
import { AddFieldMenu } from './add-field-menu';
import { kindOf } from './field-kinds';
import { PlusIcon, TrashIcon } from './designer-icons';
import { type FieldNode, holdsFields } from './field-nodes';

function FieldRow({ node, path }: { node: FieldNode; path: string }) {
  const { t } = useTranslation();
  const { state, dispatch, readOnly, fieldProblems } = useDesigner();
  const shownName = node.Title.trim() || node.Name.trim();
  const name = shownName ? (path.includes('.') ? path : shownName) : t('DESIGNER.FIELD.UNNAMED');
  const selected = state.selected === node.uid;
  const faulty =
    fieldProblems.some((problem) => problem.uid === node.uid) ||
    (state.serverErrors.fields[node.uid]?.length ?? 0) > 0;

  const remove = () => {
    // Spec: a field cannot be deleted while a control uses it.
    if (fieldInUse(state, node.uid)) void dialogs.warning(t('DESIGNER.FIELD_IN_USE'));
    else dispatch({ type: 'removeField', uid: node.uid });
  };

  return (
    <li>
      <Group
        gap={4}
        wrap="nowrap"
        py={2}
        style={{ borderRadius: 4 }}
        bg={selected ? 'var(--mantine-color-blue-light)' : undefined}
      >
        {/* The button's name holds its visible text: the marks beside it are outside. */}
        <UnstyledButton
          onClick={() => dispatch({ type: 'select', uid: node.uid })}
          aria-label={t(readOnly ? 'DESIGNER.FIELD.SHOW' : 'DESIGNER.FIELD.EDIT', { field: name })}
          aria-current={selected || undefined}
          px={6}
          py={2}
          style={{ borderRadius: 4, minWidth: 0 }}
        >
          <Text size="sm" fw={500} c={shownName ? undefined : 'dimmed'} truncate>
            {shownName || t('DESIGNER.FIELD.UNNAMED')}
          </Text>
        </UnstyledButton>
        <Group gap={6} wrap="nowrap" style={{ flex: 1 }}>
          <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
            {t(`DESIGNER.FIELD_KIND.${kindOf(node.Type, fieldWidget(state, node.uid))}`)}
          </Badge>
          {node.PK && (
            <Badge size="xs" color="grape">
              {t('DESIGNER.FIELD.KEY_MARK')}
            </Badge>
          )}
          {faulty && (
            <Text size="xs" c="red">
              {t('DESIGNER.FIELD.FAULTY')}
            </Text>
          )}
        </Group>
        {!readOnly && holdsFields(node.Type) && (
          <ActionIcon
            variant="subtle"
            aria-label={t('DESIGNER.FIELD.ADD_INSIDE', { field: name })}
            onClick={() => dispatch({ type: 'addField', parentUid: node.uid })}
          >
            <PlusIcon />
          </ActionIcon>
        )}
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('DESIGNER.FIELD.REMOVE', { field: name })}
            onClick={remove}
          >
            <TrashIcon />
          </ActionIcon>
        )}
      </Group>
      {node.Children.length > 0 && (
        <FieldList
          nodes={node.Children}
          parent={path}
          label={t('DESIGNER.FIELD.INSIDE', { field: name })}
        />
      )}
    </li>
  );
}

function FieldList({
  nodes,
  parent,
  label,
}: {
  nodes: readonly FieldNode[];
  parent: string;
  label: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      m={0}
      pl={parent ? 'md' : 0}
      style={{ listStyle: 'none' }}
    >
      {nodes.map((node) => (
        <FieldRow key={node.uid} node={node} path={parent ? `${parent}.${node.Name}` : node.Name} />
      ))}
    </Box>
  );
}

/** The field tree: its root (the table itself, not editable) and the fields under it. */
export function FieldTree({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  const { state, dispatch, readOnly } = useDesigner();
  return (
    <>
      <Group justify="space-between">
        <Title order={3} id={headingId}>
          {t('DESIGNER.FIELDS')}
        </Title>
        {!readOnly && (
          <AddFieldMenu onAdd={(kind) => dispatch({ type: 'addField', parentUid: null, kind })} />
        )}
      </Group>
      {state.fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('DESIGNER.FIELD.NONE')}
        </Text>
      ) : (
        <FieldList nodes={state.fields} parent="" label={t('DESIGNER.FIELD.LIST')} />
      )}
    </>
  );
}

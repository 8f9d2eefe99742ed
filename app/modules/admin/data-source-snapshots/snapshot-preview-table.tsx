import { Badge, Group, List, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SnapshotChange } from '#metadata';

const actionColours: Record<SnapshotChange['Action'], string> = {
  Create: 'green',
  Update: 'blue',
  Unchanged: 'gray',
};

function Names({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  if (names.length === 0) return <Text c="dimmed">{t('DESIGNER.SNAPSHOT.NONE')}</Text>;
  return <Text size="sm">{names.join(', ')}</Text>;
}

function OtherChanges({ change }: { change: SnapshotChange }) {
  const { t } = useTranslation();
  const changed = [
    change.FormChanged && t('DESIGNER.SNAPSHOT.FORM_CHANGED'),
    change.PermissionsChanged && t('DESIGNER.SNAPSHOT.PERMISSIONS_CHANGED'),
  ].filter((text) => typeof text === 'string');
  return <Names names={changed} />;
}

function Problems({ problems }: { problems: readonly string[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return <Text c="dimmed">{t('DESIGNER.SNAPSHOT.NONE')}</Text>;
  return (
    <List size="sm" c="red">
      {problems.map((problem) => (
        <List.Item key={problem}>{problem}</List.Item>
      ))}
    </List>
  );
}

/** What importing a snapshot would do to each of its data sources here. */
export function SnapshotPreviewTable({ changes }: { changes: readonly SnapshotChange[] }) {
  const { t } = useTranslation();
  const heading = (key: string) => <Table.Th>{t(key)}</Table.Th>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('DESIGNER.SNAPSHOT.CHANGES')} verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            {heading('DESIGNER.SNAPSHOT.DATA_SOURCE')}
            {heading('DESIGNER.SNAPSHOT.ACTION')}
            {heading('DESIGNER.SNAPSHOT.ADDED_FIELDS')}
            {heading('DESIGNER.SNAPSHOT.REMOVED_FIELDS')}
            {heading('DESIGNER.SNAPSHOT.CHANGED_FIELDS')}
            {heading('DESIGNER.SNAPSHOT.OTHER_CHANGES')}
            {heading('DESIGNER.SNAPSHOT.PROBLEMS')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change, index) => (
            // A snapshot may hold a name twice (a problem the preview reports).
            <Table.Tr key={index}>
              <Table.Th scope="row">{change.Name}</Table.Th>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light" color={actionColours[change.Action]}>
                    {t(`DESIGNER.SNAPSHOT.ACTION.${change.Action}`)}
                  </Badge>
                  {change.Destructive && (
                    <Badge color="red" title={t('DESIGNER.SNAPSHOT.DESTRUCTIVE_HELP')}>
                      {t('DESIGNER.SNAPSHOT.DESTRUCTIVE')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Names names={change.AddedFields} />
              </Table.Td>
              <Table.Td>
                <Names names={change.RemovedFields} />
              </Table.Td>
              <Table.Td>
                <Names names={change.ChangedFields} />
              </Table.Td>
              <Table.Td>
                <OtherChanges change={change} />
              </Table.Td>
              <Table.Td>
                <Problems problems={change.Problems} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

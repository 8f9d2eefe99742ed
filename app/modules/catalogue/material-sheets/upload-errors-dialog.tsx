import { Button, Group, Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RowProblem } from '#metadata';

interface UploadErrorsDialogProps {
  errors: readonly RowProblem[];
  onClose(): void;
}

/** The errors grid of a refused upload: each bad row's field and reason. */
export function UploadErrorsDialog({ errors, onClose }: UploadErrorsDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('MATERIAL_SHEETS.ERRORS_TITLE')} size="lg">
      <Table.ScrollContainer minWidth={480} mah={420}>
        <Table aria-label={t('MATERIAL_SHEETS.ERRORS_GRID')} striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('MATERIAL_SHEETS.ROW')}</Table.Th>
              <Table.Th w={150}>{t('MATERIAL_SHEETS.FIELD')}</Table.Th>
              <Table.Th>{t('MATERIAL_SHEETS.MESSAGE')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, index) => (
              <Table.Tr key={`${error.Row}-${error.Field}-${index}`}>
                <Table.Td>{error.Row}</Table.Td>
                <Table.Td>{error.Field}</Table.Td>
                <Table.Td>{error.Message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('MATERIAL_SHEETS.CLOSE')}</Button>
      </Group>
    </Modal>
  );
}

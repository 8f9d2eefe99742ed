import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlusIcon } from './designer-icons';
import { type FieldKind, fieldKinds, storedTypeOf } from './field-kinds';

/** "Add field": a menu of the field types in the user's words; the field added has that type. */
export function AddFieldMenu({ onAdd }: { onAdd(kind: FieldKind): void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal returnFocus={false}>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<PlusIcon />}>
          {t('DESIGNER.FIELD.ADD')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('DESIGNER.FIELD.ADD_KIND')}>
        <Menu.Label>{t('DESIGNER.FIELD.ADD_KIND')}</Menu.Label>
        {fieldKinds.map((kind) =>
          storedTypeOf(kind) === null ? (
            <Menu.Item key={kind} disabled>
              {t('DESIGNER.FIELD_KIND.UNAVAILABLE', { kind: t(`DESIGNER.FIELD_KIND.${kind}`) })}
            </Menu.Item>
          ) : (
            <Menu.Item key={kind} onClick={() => onAdd(kind)}>
              {t(`DESIGNER.FIELD_KIND.${kind}`)}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

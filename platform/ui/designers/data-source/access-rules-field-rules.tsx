import { MultiSelect, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldRuleDraft } from './access-rules-draft';

interface FieldRulesProps {
  fields: readonly string[];
  rules: Readonly<Record<string, FieldRuleDraft>>;
  roles: readonly { value: string; label: string }[];
  errors: Readonly<Record<string, string>>;
  onChange(field: string, rule: FieldRuleDraft): void;
}

const none: FieldRuleDraft = { hidden: [], readOnly: [] };

/** Per field: the roles it is hidden from, and those who see it but may not change it. */
export function AccessFieldRules({ fields, rules, roles, errors, onChange }: FieldRulesProps) {
  const { t } = useTranslation();
  const data = roles as { value: string; label: string }[];
  return (
    <Table layout="fixed" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="25%">{t('ACCESS_RULES.FIELD')}</Table.Th>
          <Table.Th>{t('ACCESS_RULES.HIDDEN')}</Table.Th>
          <Table.Th>{t('ACCESS_RULES.READ_ONLY')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => {
          const rule = rules[field] ?? none;
          return (
            <Table.Tr key={field}>
              <Table.Td>
                <code>{field}</code>
              </Table.Td>
              <Table.Td>
                <MultiSelect
                  aria-label={t('ACCESS_RULES.HIDDEN_FOR', { field })}
                  data={data}
                  value={rule.hidden}
                  onChange={(hidden) => onChange(field, { ...rule, hidden })}
                  error={errors[field]}
                  searchable
                />
              </Table.Td>
              <Table.Td>
                <MultiSelect
                  aria-label={t('ACCESS_RULES.READ_ONLY_FOR', { field })}
                  data={data}
                  value={rule.readOnly}
                  onChange={(readOnly) => onChange(field, { ...rule, readOnly })}
                  searchable
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

import { Button, Fieldset, Group, List, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accessRuleVariables } from '#metadata';
import {
  newRowRule,
  type OthersRuleDraft,
  type RowRuleDraft,
  type RuleErrors,
} from './access-rules-draft';
import { AccessOthersRule } from './access-rules-others-rule';

const variableTexts: Record<(typeof accessRuleVariables)[number], string> = {
  $CurrentUser: 'ACCESS_RULES.VARIABLE.CURRENT_USER',
  $CurrentUserUnits: 'ACCESS_RULES.VARIABLE.CURRENT_USER_UNITS',
  $CurrentCompany: 'ACCESS_RULES.VARIABLE.CURRENT_COMPANY',
};

interface RowRulesProps {
  rules: readonly RowRuleDraft[];
  /** The everyone-else rule, shown last; null: none. */
  others: OthersRuleDraft | null;
  roles: readonly { value: string; label: string }[];
  errors: Pick<RuleErrors, 'rows' | 'others'>;
  /** A user table: its rules may use the stamp fields (CreatedById, UpdatedById). */
  stamped: boolean;
  onChange(rules: RowRuleDraft[]): void;
  onOthersChange(rule: OthersRuleDraft | null): void;
}

/**
 * The row rules: each its roles and the filters of the rows they read and change, and last the
 * everyone-else rule.
 */
export function AccessRowRules(props: RowRulesProps) {
  const { rules, others, roles, errors, stamped, onChange, onOthersChange } = props;
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<RowRuleDraft>) =>
    onChange(rules.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('ACCESS_RULES.FILTER_HELP')}
      </Text>
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {t('ACCESS_RULES.VARIABLES')}
        </Text>
        <List size="sm">
          {accessRuleVariables.map((name) => (
            <List.Item key={name}>
              <code>{name}</code>: {t(variableTexts[name])}
            </List.Item>
          ))}
        </List>
        {stamped && (
          <Text size="sm" c="dimmed">
            {t('ACCESS_RULES.STAMP_FIELDS')}
          </Text>
        )}
      </Stack>
      {rules.length === 0 && !others && <Text size="sm">{t('ACCESS_RULES.ROWS_NONE')}</Text>}
      {rules.map((rule, index) => {
        const number = index + 1;
        const problems = errors.rows[index] ?? {};
        return (
          <Fieldset key={rule.key} legend={t('ACCESS_RULES.RULE', { number })}>
            <Stack gap="xs">
              <MultiSelect
                label={t('ACCESS_RULES.ROLES', { number })}
                data={roles as { value: string; label: string }[]}
                value={rule.roles}
                onChange={(value) => update(index, { roles: value })}
                error={problems.roles}
                searchable
              />
              <TextInput
                label={t('ACCESS_RULES.READ', { number })}
                placeholder={t('ACCESS_RULES.FILTER_PLACEHOLDER')}
                value={rule.read}
                onChange={(event) => update(index, { read: event.currentTarget.value })}
                error={problems.read}
                spellCheck={false}
              />
              <TextInput
                label={t('ACCESS_RULES.WRITE', { number })}
                placeholder={t('ACCESS_RULES.FILTER_PLACEHOLDER')}
                value={rule.write}
                onChange={(event) => update(index, { write: event.currentTarget.value })}
                error={problems.write}
                spellCheck={false}
              />
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(rules.filter((_, at) => at !== index))}
                >
                  {t('ACCESS_RULES.REMOVE_RULE', { number })}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      {others && (
        <AccessOthersRule rule={others} errors={errors.others} onChange={onOthersChange} />
      )}
      <Group>
        <Button variant="light" onClick={() => onChange([...rules, newRowRule()])}>
          {t('ACCESS_RULES.ADD_RULE')}
        </Button>
        {!others && (
          <Button variant="light" onClick={() => onOthersChange({ read: '', write: '' })}>
            {t('ACCESS_RULES.OTHERS_ADD')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { Button, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OthersRuleDraft, RuleErrors } from './access-rules-draft';

interface OthersRuleProps {
  rule: OthersRuleDraft;
  errors: RuleErrors['others'];
  onChange(rule: OthersRuleDraft | null): void;
}

/** The everyone-else rule: the rows read and changed by callers holding no role a rule names. */
export function AccessOthersRule({ rule, errors, onChange }: OthersRuleProps) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('ACCESS_RULES.OTHERS')}>
      <Stack gap="xs">
        <TextInput
          label={t('ACCESS_RULES.OTHERS_READ')}
          placeholder={t('ACCESS_RULES.FILTER_PLACEHOLDER')}
          value={rule.read}
          onChange={(event) => onChange({ ...rule, read: event.currentTarget.value })}
          error={errors.read}
          spellCheck={false}
        />
        <TextInput
          label={t('ACCESS_RULES.OTHERS_WRITE')}
          placeholder={t('ACCESS_RULES.FILTER_PLACEHOLDER')}
          value={rule.write}
          onChange={(event) => onChange({ ...rule, write: event.currentTarget.value })}
          error={errors.write}
          spellCheck={false}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="red" onClick={() => onChange(null)}>
            {t('ACCESS_RULES.OTHERS_REMOVE')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

import {
  Alert,
  Button,
  Center,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataSourceView, dataSourceEntity, gridPageEntity } from '#metadata';
import { useCan } from '../../engine/use-can';
import { useNavigationLock } from '../../routing';
import { ruledFields, unruledReaders } from './access-rules-draft';
import { AccessFieldRules } from './access-rules-field-rules';
import { AccessRowRules } from './access-rules-row-rules';
import { useAccessRules } from './use-access-rules';

/** The designers' own data sources take no rules (the server refuses them). */
const unruled = new Set<number>([gridPageEntity.id, dataSourceEntity.id]);

export interface AccessRulesPanelProps {
  view: DataSourceView;
  /** The data source's version as the designer holds it now. */
  version: number;
  /** After a save, which moves the data source's version on. */
  onSaved(version: number): void;
  /** Loads the data source again (after a stale save). */
  reload(): void;
}

function Rules({
  view,
  version,
  onSaved,
  reload,
  headingId,
}: AccessRulesPanelProps & { headingId: string }) {
  const { t } = useTranslation();
  const fields = useMemo(() => ruledFields(view), [view]);
  const rules = useAccessRules({ id: view.Id, version, fields, onSaved, reload });
  useNavigationLock(rules.dirty || rules.busy);
  const { draft, errors } = rules;
  const unruledRoles = useMemo(() => {
    const labels = new Map(rules.roleOptions.map((role) => [role.value, role.label]));
    const ids = draft ? unruledReaders(draft, rules.readers) : [];
    return ids.map((id) => labels.get(id) ?? t('ACCESS_RULES.ROLE_NUMBER', { id }));
  }, [draft, rules.readers, rules.roleOptions, t]);

  return (
    <Stack gap="md">
      <Title order={3} id={headingId}>
        {t('ACCESS_RULES.TITLE')}
      </Title>
      <Text size="sm">{t('ACCESS_RULES.INTRO')}</Text>
      {rules.loaded === 'loading' && (
        <Center mih={80}>
          <Loader type="dots" aria-label={t('ACCESS_RULES.LOADING')} />
        </Center>
      )}
      {rules.loaded === 'failed' && <Alert color="red">{t('ACCESS_RULES.NOT_LOADED')}</Alert>}
      {draft && (
        <>
          {rules.rolesFailed && <Alert color="yellow">{t('ACCESS_RULES.ROLES_NOT_LOADED')}</Alert>}
          <Title order={4}>{t('ACCESS_RULES.ROWS')}</Title>
          <AccessRowRules
            rules={draft.rows}
            others={draft.others}
            roles={rules.roleOptions}
            errors={errors}
            stamped={!view.IsVirtual}
            onChange={(rows) => rules.edit((current) => ({ ...current, rows }))}
            onOthersChange={(others) => rules.edit((current) => ({ ...current, others }))}
          />
          {unruledRoles.length > 0 && (
            <Alert
              color="yellow"
              title={t('ACCESS_RULES.UNRULED_READERS')}
              // The yellow alert's own title colour is too faint on its background (axe).
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              <Text size="sm">{t('ACCESS_RULES.UNRULED_READERS_HELP')}</Text>
              <List size="sm">
                {unruledRoles.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Title order={4}>{t('ACCESS_RULES.FIELDS')}</Title>
          <AccessFieldRules
            fields={fields}
            rules={draft.fields}
            roles={rules.roleOptions}
            errors={errors.fields}
            onChange={(field, rule) =>
              rules.edit((current) => ({
                ...current,
                fields: { ...current.fields, [field]: rule },
              }))
            }
          />
          {errors.other.length > 0 && (
            <Alert color="red" title={t('ACCESS_RULES.REFUSED')}>
              <List size="sm">
                {errors.other.map((text, index) => (
                  <List.Item key={`${index}:${text}`}>{text}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              onClick={() => void rules.save()}
              disabled={!rules.dirty || rules.busy}
              loading={rules.busy}
            >
              {t('ACCESS_RULES.SAVE')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * A saved data source's access rules (see AccessRules), for designers of data sources: its
 * row rules and field rules per role, saved on their own (a built-in data source's too, whose
 * definition is read-only).
 */
export function AccessRulesPanel(props: AccessRulesPanelProps) {
  const can = useCan();
  const headingId = useId();
  if (props.view.Id <= 0 || unruled.has(props.view.Id)) return null;
  if (!can(dataSourceEntity.permissions.create)) return null;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-panel="access-rules"
      withBorder
      p="md"
      radius="md"
    >
      <Rules {...props} headingId={headingId} />
    </Paper>
  );
}

import { Badge, Divider, Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { missingFields, type Scenario, type ScenarioName } from './scenario';
import { ScenarioFields, type FieldMessages } from './scenario-fields';
import { ScenarioResult } from './scenario-result';
import type { Calculation } from './use-compaction';

interface ScenarioCardProps {
  name: ScenarioName;
  color: string;
  scenario: Scenario;
  calculation: Calculation;
  onChange: (patch: Partial<Scenario>) => void;
  /** Shown beside the title, e.g. the copy button. */
  action?: ReactNode;
}

/** One scenario: its result on top, where it stays in view while the fields below change. */
export function ScenarioCard({
  name,
  color,
  scenario,
  calculation,
  onChange,
  action,
}: ScenarioCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const missing = missingFields(scenario);
  const errors: FieldMessages = { ...calculation.failure?.fields };
  for (const field of missing) errors[field] = t('COMPACTION.VALUE_REQUIRED');

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Badge color={color} size="lg" circle aria-hidden>
              {name}
            </Badge>
            <Title order={2} size="h3" id={headingId}>
              {t('COMPACTION.SCENARIO', { name })}
            </Title>
          </Group>
          {action}
        </Group>
        <ScenarioResult
          calculation={calculation}
          incomplete={missing.length > 0}
          color={`${color}.7`}
        />
        <Divider />
        <ScenarioFields scenario={scenario} color={color} errors={errors} onChange={onChange} />
      </Stack>
    </Paper>
  );
}

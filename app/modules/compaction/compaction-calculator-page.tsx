import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactionSummary } from './compaction-summary';
import { CoolingChart } from './cooling-chart';
import type { ScenarioAnswer } from './cooling-chart-data';
import { defaultScenario, toCompactionInput, type Scenario } from './scenario';
import { ScenarioCard } from './scenario-card';
import { useCompaction } from './use-compaction';

const colors = { A: 'indigo', B: 'orange' } as const;

/** Two lifts side by side, recalculated as they change, and their cooling curves together. */
export function CompactionCalculatorPage() {
  const { t } = useTranslation();
  const [a, setA] = useState<Scenario>(defaultScenario);
  const [b, setB] = useState<Scenario>({ ...defaultScenario, WarmMixAdditive: true });
  const calculationA = useCompaction(toCompactionInput(a));
  const calculationB = useCompaction(toCompactionInput(b));
  const answers: ScenarioAnswer[] = [
    { name: 'A', color: colors.A, result: calculationA.result },
    { name: 'B', color: colors.B, result: calculationB.result },
  ];

  return (
    <Stack gap="lg" maw={1400}>
      <Stack gap={4}>
        <Title order={1}>{t('COMPACTION.HEADING')}</Title>
        <Text c="dimmed" maw={760}>
          {t('COMPACTION.INTRO')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ScenarioCard
          name="A"
          color={colors.A}
          scenario={a}
          calculation={calculationA}
          onChange={(patch) => setA((current) => ({ ...current, ...patch }))}
        />
        <ScenarioCard
          name="B"
          color={colors.B}
          scenario={b}
          calculation={calculationB}
          onChange={(patch) => setB((current) => ({ ...current, ...patch }))}
          action={
            <Button variant="default" size="xs" onClick={() => setB(a)}>
              {t('COMPACTION.COPY_A_TO_B')}
            </Button>
          }
        />
      </SimpleGrid>
      <Paper
        component="section"
        aria-label={t('COMPACTION.CHART.LABEL')}
        withBorder
        p={{ base: 'md', sm: 'lg' }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('COMPACTION.CHART.TITLE')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('COMPACTION.CHART.HINT')}
          </Text>
          <CoolingChart answers={answers} />
          <CompactionSummary answers={answers} />
        </Stack>
      </Paper>
    </Stack>
  );
}

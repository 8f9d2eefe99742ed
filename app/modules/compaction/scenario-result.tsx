import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompactionResult } from '#metadata';
import type { Message } from './calculation-failure';
import { formatTenths } from '../../shared/cooling/number-format';
import { rollingNotReached } from './result-facts';
import type { Calculation } from './use-compaction';

interface ScenarioResultProps {
  calculation: Calculation;
  /** Whether a needed field is blank, so nothing is being calculated. */
  incomplete: boolean;
  color: string;
}

function Headline({ result, color }: { result: CompactionResult; color: string }) {
  const { t, i18n } = useTranslation();
  const minutes = formatTenths(result.AvailableTimeForCompaction, i18n.language);
  return (
    <Text component="p" m={0} lh={1.2} aria-live="polite" aria-atomic>
      <Text span display="block" fz={{ base: 36, sm: 44 }} fw={700} c={color} lh={1.1}>
        {result.ReachedStop
          ? t('COMPACTION.MINUTES', { minutes })
          : t('COMPACTION.MORE_THAN_MINUTES', { minutes })}
      </Text>{' '}
      <Text span fz="lg" fw={500}>
        {t('COMPACTION.AVAILABLE')}
      </Text>
    </Text>
  );
}

function Details({ result, additive }: { result: CompactionResult; additive: boolean }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => formatTenths(value, i18n.language);
  const rolling = { temperature: format(result.StartRollingTemperature) };
  const startRolling =
    result.StartRollingMinutes === 0
      ? t('COMPACTION.START_ROLLING_NOW', rolling)
      : t(
          rollingNotReached(result)
            ? 'COMPACTION.START_ROLLING_NOT_BEFORE'
            : 'COMPACTION.START_ROLLING',
          { ...rolling, minutes: format(result.StartRollingMinutes) },
        );
  const stop = t(additive ? 'COMPACTION.STOP_USED_WARM_MIX' : 'COMPACTION.STOP_USED', {
    temperature: format(result.StopTemperature),
  });
  return (
    <Stack gap={2}>
      <Text size="sm">{startRolling}</Text>
      <Text size="sm">{stop}</Text>
    </Stack>
  );
}

function messageText(message: Message, t: (key: string) => string) {
  return 'text' in message ? message.text : t(message.key);
}

/** The answer for one scenario: the minutes large, then how it was reached, and its state. */
export function ScenarioResult({ calculation, incomplete, color }: ScenarioResultProps) {
  const { t } = useTranslation();
  const { result, resultInput, pending, failure, retry } = calculation;
  const fieldsWrong = incomplete || (failure !== null && Object.keys(failure.fields).length > 0);
  const outdated = fieldsWrong || failure !== null;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mih={56}>
        <Box style={{ opacity: outdated ? 0.55 : 1, transition: 'opacity 120ms' }}>
          {result ? (
            <Headline result={result} color={color} />
          ) : (
            !outdated && <Text c="dimmed">{t('COMPACTION.CALCULATING')}</Text>
          )}
        </Box>
        {pending && !incomplete && (
          <Group gap={6} wrap="nowrap" role="status" aria-label={t('COMPACTION.UPDATING')}>
            <Loader size="xs" />
            <Text size="xs" c="dimmed">
              {t('COMPACTION.UPDATING')}
            </Text>
          </Group>
        )}
      </Group>
      {result && <Details result={result} additive={resultInput?.WarmMixAdditive ?? false} />}
      {fieldsWrong && (
        <Alert color="yellow" variant="light" py="xs">
          <Text size="sm">{t('COMPACTION.FIX_FIELDS')}</Text>
          {result && <Text size="sm">{t('COMPACTION.SHOWING_LAST')}</Text>}
        </Alert>
      )}
      {!fieldsWrong && failure?.general && (
        <Alert color="red" variant="light" py="xs" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{messageText(failure.general, t)}</Text>
            {failure.retry && (
              <Button size="compact-sm" variant="light" color="red" onClick={retry}>
                {t('COMPACTION.RETRY')}
              </Button>
            )}
          </Group>
          {result && <Text size="sm">{t('COMPACTION.SHOWING_LAST')}</Text>}
        </Alert>
      )}
    </Stack>
  );
}

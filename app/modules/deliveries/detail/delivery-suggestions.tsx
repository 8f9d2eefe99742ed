import {
  Box,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { stateStyle } from '../state/state-style';
import type { Suggestion } from '#metadata';
import { askSuggestions, type WhatIfAnswer, type WhatIfRequest } from './delivery-api';
import { deliveryFormat } from './delivery-format';
import { appliesInputs, suggestionChange } from './suggestion-text';
import { useLatestAnswer } from './use-latest-answer';

/** The states a suggestion is looked for: not workable as they are. */
const unworkable = new Set(['R', 'A']);

export interface DeliverySuggestionsProps {
  /** The delivery as currently computed, and the inputs it was computed with. */
  delivery: WhatIfAnswer;
  asked: WhatIfRequest | null;
  /** Apply buttons only for a delivery the user may amend. */
  editable: boolean;
  onApply: (suggestion: Suggestion) => void;
}

function StateName({ code }: { code: string }) {
  const { t } = useTranslation();
  const style = stateStyle(code);
  return (
    <Text
      span
      fw={700}
      px={6}
      style={{ background: style.background, color: style.foreground, borderRadius: 4 }}
    >
      {t(style.nameKey)}
    </Text>
  );
}

function SuggestionItem({
  suggestion,
  asked,
  delivery,
  editable,
  onApply,
}: DeliverySuggestionsProps & { suggestion: Suggestion; asked: WhatIfRequest }) {
  const { t, i18n } = useTranslation();
  const format = deliveryFormat(i18n.language);
  const textId = useId();
  const change = suggestionChange(suggestion, asked, t, format, delivery.StartTime0);
  const minutes = suggestion.AvailableTimeForCompaction;
  const outcome = (
    <>
      <StateName code={suggestion.State} />
      {typeof minutes === 'number' &&
        `, ${t('DELIVERY.PAGE.MINUTES', { minutes: format.minutes(minutes) })}`}
    </>
  );
  const informative = !appliesInputs(suggestion);
  return (
    <Box component="li">
      <Group justify="space-between" gap="xs">
        {/* Grows beside the button where there is room; the button wraps below it where not. */}
        <Text id={textId} size="sm" style={{ flex: '1 1 14rem' }}>
          {change}{' '}
          {!informative && (
            <>
              <span aria-hidden>→</span>
              <VisuallyHidden>{t('DELIVERY.SUGGEST.GIVES')}</VisuallyHidden>{' '}
            </>
          )}
          {outcome}
          {informative && (
            <Text span size="xs" c="dimmed" display="block">
              {t('DELIVERY.SUGGEST.START_TIME_NOTE')}
            </Text>
          )}
        </Text>
        {editable && !informative && (
          <Button
            flex="none"
            size="compact-sm"
            variant="light"
            aria-describedby={textId}
            onClick={() => onApply(suggestion)}
          >
            {t('DELIVERY.SUGGEST.APPLY')}
          </Button>
        )}
      </Group>
    </Box>
  );
}

/** "What would make it workable?": for a red or amber delivery, the changes that would help. */
export function DeliverySuggestions(props: DeliverySuggestionsProps) {
  const { t } = useTranslation();
  const { delivery, asked } = props;
  const titleId = useId();
  const active = asked !== null && unworkable.has(String(delivery.State));
  const found = useLatestAnswer(active ? asked : null, askSuggestions, 0);
  if (!active || !asked) return null;
  const answer = JSON.stringify(found.answerFor) === JSON.stringify(asked) ? found.answer : null;
  const suggestions = answer?.Suggestions ?? [];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {t('DELIVERY.SUGGEST.TITLE')}
        </Title>
        {found.pending && !answer && (
          <Group gap={6} role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('DELIVERY.SUGGEST.LOADING')}
            </Text>
          </Group>
        )}
        {!found.pending && found.failure !== undefined && (
          <Text size="sm" c="dimmed">
            {t('DELIVERY.SUGGEST.UNAVAILABLE')}
          </Text>
        )}
        {answer && suggestions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('DELIVERY.SUGGEST.NONE')}
          </Text>
        )}
        {suggestions.length > 0 && (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {suggestions.map((suggestion, index) => (
              <SuggestionItem key={index} {...props} asked={asked} suggestion={suggestion} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

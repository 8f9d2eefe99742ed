import { DataList, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { calculateCompaction } from '../../../shared/cooling/compaction-api';
import { CoolingChart } from '../../../shared/cooling/cooling-chart';
import { temperatureDomain, type ChartCurve } from '../../../shared/cooling/cooling-chart-data';
import { labelWraps } from './data-list-styles';
import type { WhatIfAnswer } from './delivery-api';
import { deliveryFormat } from './delivery-format';
import { curveLines } from './curve-lines';
import { calculatorInput, stateInputsOf } from './state-inputs';
import { useLatestAnswer } from './use-latest-answer';

export interface DeliveryCurveProps {
  delivery: WhatIfAnswer;
  /** The material takes the warm-mix additive: its stop line is drawn too. */
  additive: boolean;
}

/**
 * The delivery's cooling curve (mean and surface temperature over the minutes since laying),
 * with start rolling, stop rolling and, when the material takes it, the additive's stop; the
 * figures beside it say the same in words.
 */
export function DeliveryCurve({ delivery, additive }: DeliveryCurveProps) {
  const { t, i18n } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)') ?? false;
  const format = deliveryFormat(i18n.language);
  const inputs = stateInputsOf(delivery);
  const question = inputs && delivery.Curve?.length ? calculatorInput(inputs, additive) : null;
  const calculation = useLatestAnswer(question, calculateCompaction, 0);
  const current = JSON.stringify(calculation.answerFor) === JSON.stringify(question);
  const extra = current ? calculation.answer : null;

  const hot = delivery.Curve ?? [];
  const longer = extra && extra.Curve.length > hot.length ? extra.Curve : hot;
  const curves: ChartCurve[] = [
    {
      id: 'delivery',
      color: 'indigo',
      meanLabel: t('DELIVERY.CURVE.MEAN'),
      surfaceLabel: t('DELIVERY.CURVE.SURFACE'),
      points: inputs ? longer : [],
      meanWidth: 3.5,
    },
  ];
  const minutes =
    typeof delivery.AvailableTimeForCompaction === 'number'
      ? delivery.AvailableTimeForCompaction
      : null;
  const facts = { stop: inputs?.stopTemperature ?? 0, minutes, extra, additive, compact: !wide };
  const levels = [
    facts.stop,
    extra?.StartRollingTemperature ?? facts.stop,
    extra?.StopTemperature ?? facts.stop,
  ];
  const lines = inputs
    ? curveLines(facts, temperatureDomain(curves, levels), t, format.tenths)
    : [];
  const temperature = (value: number) =>
    t('DELIVERY.CURVE.DEGREES', { value: format.tenths(value) });

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('DELIVERY.CURVE.TITLE')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('DELIVERY.CURVE.HINT')}
      </Text>
      <CoolingChart
        curves={curves}
        referenceLines={lines}
        emptyText={t('DELIVERY.CURVE.EMPTY')}
        height={wide ? 320 : 260}
        withLegend={wide}
      />
      {inputs && hot.length > 0 && (
        <DataList size="sm" gap={4} labelWidth={wide ? 200 : 130} styles={labelWraps}>
          <DataList.Item>
            <DataList.ItemLabel>{t('DELIVERY.CURVE.LAYING')}</DataList.ItemLabel>
            <DataList.ItemValue>{temperature(inputs.layingTemperature)}</DataList.ItemValue>
          </DataList.Item>
          {extra && (
            <DataList.Item>
              <DataList.ItemLabel>{t('DELIVERY.CURVE.START_ROLLING_AT')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {t('DELIVERY.CURVE.AT_AFTER', {
                  temperature: temperature(extra.StartRollingTemperature),
                  minutes: format.tenths(extra.StartRollingMinutes),
                })}
              </DataList.ItemValue>
            </DataList.Item>
          )}
          <DataList.Item>
            <DataList.ItemLabel>{t('DELIVERY.CURVE.STOP_AT')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {minutes === null
                ? temperature(facts.stop)
                : t('DELIVERY.CURVE.AT_AFTER', {
                    temperature: temperature(facts.stop),
                    minutes: format.minutes(minutes),
                  })}
            </DataList.ItemValue>
          </DataList.Item>
          {extra && additive && (
            <DataList.Item>
              <DataList.ItemLabel>{t('DELIVERY.CURVE.STOP_ADDITIVE_AT')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {t(extra.ReachedStop ? 'DELIVERY.CURVE.AT_AFTER' : 'DELIVERY.CURVE.AT_AFTER_MORE', {
                  temperature: temperature(extra.StopTemperature),
                  minutes: format.minutes(extra.AvailableTimeForCompaction),
                })}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
      )}
    </Stack>
  );
}

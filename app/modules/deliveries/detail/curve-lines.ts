import type { ChartReferenceLineProps } from '@mantine/charts';
import type { CompactionResult } from '#metadata';
import { dashed } from '../../../shared/cooling/cooling-chart';

export interface CurveFacts {
  /** Stop temperature of the hot mix, and its time for compaction (null: not reached). */
  stop: number;
  minutes: number | null;
  /** The calculator's answer for the same lift: start rolling, and the additive's stop. */
  extra: CompactionResult | null;
  additive: boolean;
  /** A narrow chart: short labels ("Stop 79.4 °C"), the figures below say them in full. */
  compact: boolean;
}

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * The levels and minutes drawn across the cooling curve: start rolling, stop rolling (and with
 * the additive), and where the mean reaches each stop. Labels sit above their lines at the
 * right, where the curve has cooled below them; the additive's goes below when they are close.
 */
export function curveLines(
  { stop, minutes, extra, additive, compact }: CurveFacts,
  domain: [number, number],
  t: Translate,
  format: (value: number) => string,
): ChartReferenceLineProps[] {
  const short = compact ? '_SHORT' : '';
  const lines: ChartReferenceLineProps[] = [];
  if (extra) {
    lines.push({
      y: extra.StartRollingTemperature,
      color: 'gray.6',
      strokeDasharray: dashed,
      label: t(`DELIVERY.CURVE.START_ROLLING${short}`, {
        temperature: format(extra.StartRollingTemperature),
      }),
      labelPosition: 'insideBottomRight',
    });
  }
  lines.push({
    y: stop,
    color: 'red.8',
    label: t(`DELIVERY.CURVE.STOP${short}`, { temperature: format(stop) }),
    labelPosition: 'insideBottomRight',
  });
  if (minutes !== null) {
    lines.push({
      x: minutes,
      color: 'red.8',
      strokeDasharray: dashed,
      label: t('DELIVERY.CURVE.MINUTES', { minutes: format(minutes) }),
      labelPosition: 'insideTopLeft',
    });
  }
  if (!extra || !additive) return lines;
  const crowded = (stop - extra.StopTemperature) / (domain[1] - domain[0]) < 0.08;
  lines.push({
    y: extra.StopTemperature,
    color: 'teal.8',
    label: t(`DELIVERY.CURVE.STOP_ADDITIVE${short}`, {
      temperature: format(extra.StopTemperature),
    }),
    labelPosition: crowded ? 'insideTopRight' : 'insideBottomRight',
  });
  if (extra.ReachedStop) {
    lines.push({
      x: extra.AvailableTimeForCompaction,
      color: 'teal.8',
      strokeDasharray: dashed,
      label: t(`DELIVERY.CURVE.MINUTES_ADDITIVE${short}`, {
        minutes: format(extra.AvailableTimeForCompaction),
      }),
      labelPosition: 'insideBottomRight',
    });
  }
  return lines;
}

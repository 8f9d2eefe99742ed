import type { CompactionInput, CompactionResult } from '#metadata';
import {
  coolingModelVersion,
  simulateCooling,
  type CompactionSettings,
} from '../../domain/compaction/index';
import { AppError } from '../../errors/app-error';

const tenths = (value: number) => Math.round(value * 10) / 10;

/** The instant of an RFC 3339 date-time; ajv's format admits a few that Date cannot read. */
function instantOf(dateTime: string): Date {
  const instant = new Date(dateTime);
  if (Number.isNaN(instant.getTime())) {
    const message = 'must be a date and time with an offset, as 2025-06-01T10:00:00+01:00';
    throw new AppError('BadRequest', `Invalid request: DateTime ${message}`, [
      { Field: 'DateTime', Message: message },
    ]);
  }
  return instant;
}

/**
 * The stop temperature a calculation uses: the one given, else the setting; lowered by the
 * warm-mix allowance when the additive is used.
 */
export function stopTemperatureFor(input: CompactionInput, settings: CompactionSettings): number {
  const stop = input.StopTemperature ?? settings.stopTemperature;
  return input.WarmMixAdditive ? stop - settings.warmMixAllowance : stop;
}

/**
 * Time available for compaction of one lift and its cooling curve, minute by minute.
 * `StartRollingMinutes` is 0 when the lift is laid at or below the start-rolling temperature,
 * and the end of the run when it does not cool that far within it (read it as "not before").
 */
export function calculateCompaction(
  input: CompactionInput,
  settings: CompactionSettings,
): CompactionResult {
  const stopTemperature = stopTemperatureFor(input, settings);
  const result = simulateCooling(
    {
      thicknessMm: input.ThicknessMm,
      layingTemperature: input.LayingTemperature,
      airTemperature: input.AirTemperature,
      baseTemperature: input.BaseTemperature ?? input.AirTemperature,
      windSpeedKmh: input.WindSpeedKmh,
      cloudCoverPercent: input.CloudCoverPercent ?? 0,
      ...(input.ShortwaveRadiation === undefined
        ? {}
        : { shortwaveRadiation: input.ShortwaveRadiation }),
      ...(input.DateTime === undefined
        ? {}
        : {
            dateTime: instantOf(input.DateTime),
            latitude: input.Latitude,
            longitude: input.Longitude,
          }),
      mixType: input.MixType ?? 'dense',
      baseType: input.BaseType ?? 'asphalt',
      baseWet: input.BaseWet ?? false,
      ...(input.BaseFrozen === undefined ? {} : { baseFrozen: input.BaseFrozen }),
      stopTemperature,
      withCurve: true,
    },
    settings,
  );
  const curve = result.curve ?? [];
  const runEnd = curve.at(-1)?.minute ?? result.availableMinutes;
  return {
    AvailableTimeForCompaction: tenths(result.availableMinutes),
    ReachedStop: result.reachedStop,
    StartRollingMinutes: tenths(result.startRollingMinutes ?? runEnd),
    StartRollingTemperature: settings.startRollingTemperature,
    StopTemperature: tenths(stopTemperature),
    LayingTemperature: tenths(input.LayingTemperature),
    Curve: curve.map((point) => ({
      Minute: point.minute,
      MeanTemperature: tenths(point.meanTemperature),
      SurfaceTemperature: tenths(point.surfaceTemperature),
    })),
    ModelVersion: coolingModelVersion,
  };
}

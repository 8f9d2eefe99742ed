import type { CompactionInput, CompactionResult } from '#metadata';
import type { WhatIfRequest } from '../../app/modules/deliveries/detail/delivery-api';

/** A delivery of one of the user's units, amber at 150 °C, as GetDeliveryById answers it. */
export const amberDelivery = {
  Id: 5,
  UniqueId1: 'ORD-5',
  UniqueId2: '',
  UniqueId3: '',
  SiteName: 'Leeds ring road',
  MaterialCode: 'AC20',
  MaterialName: 'AC 20 dense binder',
  UnitCode: 'NTH01',
  OutputTemperature: 150,
  Thickness: 40,
  EvoThermAllowed: false,
  MinMixTemp: 130,
  MaxMixTemp: 180,
  CanAddEvotherm: true,
  Mine: 1,
  Version: 3,
  DeliveryDate: '2026-03-02',
  StartTime0: '2026-03-02T09:00:00.000Z',
  WeatherSiteId: 12,
  WeatherSiteName: 'Leeds',
  WeatherSiteDistanceKm: 3.2,
  ...computedState(150, 40),
};

/**
 * A stand-in for the model: a tenth of the output temperature in minutes, against 8 needed;
 * 160 °C and more is green, 150-159 amber, below red.
 */
export function computedState(temperature: number, thickness: number) {
  const minutes = temperature / 10;
  const [State, code] =
    minutes >= 16 ? ['G', 'green'] : minutes >= 15 ? ['A', 'amber'] : ['R', 'red'];
  return {
    State,
    StateReasonCode: code,
    StateReason: `${minutes} min available, 8 min needed`,
    StateReasonParams: { availableMinutes: minutes, neededMinutes: 8, reachedStop: true },
    AvailableTimeForCompaction: minutes,
    StateNeededMinutes: 8,
    StateInputs: {
      thicknessMm: thickness,
      mixType: 'dense',
      layingTemperature: temperature - 10,
      arrivalTemperature: temperature - 5,
      haulMinutes: 25,
      stopTemperature: 79.4,
      warmMixStopTemperature: null,
      forecast: {
        airTemperature: 7,
        windSpeedKmh: 14,
        cloudCoverPercent: 60,
        shortwaveRadiation: 120,
        precipitationMm: 0,
        precipitationProbability: 10,
      },
      baseType: 'asphalt',
      baseTemperature: 6,
      baseWet: false,
      baseFrozen: false,
      latitude: 53.8,
      longitude: -1.55,
      dateTime: '2026-03-02T09:00:00.000Z',
    },
  };
}

/** SetNewState's answer for a body. */
export function whatIf(body: WhatIfRequest, delivery: object = amberDelivery) {
  const state = computedState(body.OutputTemperature, body.Thickness);
  return {
    ...delivery,
    ...body,
    ...state,
    Curve: Array.from({ length: Math.ceil(state.AvailableTimeForCompaction) + 3 }, (_, Minute) => ({
      Minute,
      MeanTemperature: body.OutputTemperature - 10 - Minute * 4,
      SurfaceTemperature: body.OutputTemperature - 15 - Minute * 5,
    })),
  };
}

/** The compaction calculator's answer: start rolling at 120 °C, the additive 15 °C lower. */
export function calculated(input: CompactionInput): CompactionResult {
  const stop = (input.StopTemperature ?? 79.4) - (input.WarmMixAdditive ? 15 : 0);
  return {
    AvailableTimeForCompaction: 19,
    ReachedStop: true,
    StartRollingMinutes: 3,
    StartRollingTemperature: 120,
    StopTemperature: stop,
    LayingTemperature: input.LayingTemperature,
    Curve: Array.from({ length: 22 }, (_, Minute) => ({
      Minute,
      MeanTemperature: input.LayingTemperature - Minute * 4,
      SurfaceTemperature: input.LayingTemperature - 5 - Minute * 5,
    })),
    ModelVersion: 'fake-1',
  };
}

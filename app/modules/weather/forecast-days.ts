import type { ForecastHour } from '#metadata';

export interface ForecastDay {
  /** Local midnight of the day, ms. */
  start: number;
  hours: { at: Date; hour: ForecastHour }[];
}

/** The hours grouped by the day they fall on in the user's time zone, in order. */
export function forecastDays(hours: readonly ForecastHour[]): ForecastDay[] {
  const days = new Map<number, ForecastDay>();
  for (const hour of hours) {
    const at = new Date(hour.time);
    if (Number.isNaN(at.getTime())) continue;
    const start = new Date(at.getFullYear(), at.getMonth(), at.getDate()).getTime();
    const day = days.get(start) ?? { start, hours: [] };
    day.hours.push({ at, hour });
    days.set(start, day);
  }
  return [...days.values()]
    .sort((a, b) => a.start - b.start)
    .map((day) => ({ ...day, hours: day.hours.sort((a, b) => a.at.getTime() - b.at.getTime()) }));
}

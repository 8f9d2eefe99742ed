import { intlLocale } from '#platform/ui';

/** The browser's time zone, in which every time on the page is shown. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const minute = 60_000;

/** Times, durations and counts of the jobs page in the user's language and time zone. */
export function jobFormat(language: string) {
  const locale = intlLocale(language);
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayAndTime = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const count = new Intl.NumberFormat(locale);
  const unit = (name: string, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    });
  const milliseconds = unit('millisecond');
  const seconds = unit('second', 1);
  const wholeSeconds = unit('second');
  const minutes = unit('minute');
  const hours = unit('hour');

  return {
    count: (value: number) => count.format(value),
    /** A moment of the run history: date and time to the second. */
    moment: (iso: string) => moment.format(new Date(iso)),
    /** A coming run: its time alone today, with the day otherwise. */
    nextRun: (iso: string, now = new Date()) => {
      const at = new Date(iso);
      return (at.toDateString() === now.toDateString() ? time : dayAndTime).format(at);
    },
    /** How soon a coming run is, `in 8 minutes`, `in 3 hours`, `tomorrow`. */
    fromNow: (iso: string, now = new Date()) => {
      const ahead = new Date(iso).getTime() - now.getTime();
      if (ahead < 60 * minute)
        return relative.format(Math.max(1, Math.round(ahead / minute)), 'minute');
      if (ahead < 24 * 60 * minute)
        return relative.format(Math.round(ahead / (60 * minute)), 'hour');
      return relative.format(Math.round(ahead / (24 * 60 * minute)), 'day');
    },
    /** A run's duration: `45 ms`, `1.4 sec`, `12 sec`, `3 min 5 sec`, `2 hr 10 min`. */
    duration: (ms: number) => {
      if (ms < 1000) return milliseconds.format(ms);
      if (ms < 10_000) return seconds.format(ms / 1000);
      if (ms < minute) return wholeSeconds.format(Math.round(ms / 1000));
      const totalSeconds = Math.round(ms / 1000);
      if (ms < 60 * minute) {
        const rest = totalSeconds % 60;
        const whole = minutes.format(Math.floor(totalSeconds / 60));
        return rest === 0 ? whole : `${whole} ${wholeSeconds.format(rest)}`;
      }
      const totalMinutes = Math.round(ms / minute);
      const rest = totalMinutes % 60;
      const whole = hours.format(Math.floor(totalMinutes / 60));
      return rest === 0 ? whole : `${whole} ${minutes.format(rest)}`;
    },
  };
}

export type JobFormat = ReturnType<typeof jobFormat>;

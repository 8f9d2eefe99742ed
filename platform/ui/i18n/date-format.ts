import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The language as an Intl locale; pseudo languages such as 'fake' are not locales. */
export function localeOf(language: string): string {
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
}

/** The time zone times are shown in: the user's (the browser's), e.g. `Europe/London`. */
export const userTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A moment as a Date, or null for an empty or unreadable value. */
function momentOf(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date =
    value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar day (`2026-11-28`) as the Date of that day, not shifted by a time zone. */
function dayOf(value: unknown): Date | null {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [
      number,
      number,
      number,
    ];
    return new Date(Date.UTC(year, month - 1, day));
  }
  return momentOf(value);
}

export interface DateFormatOptions {
  /** Show seconds too (job runs, the audit log's details). */
  seconds?: boolean;
  /** Name the time zone after the time (`GMT`, `CET`), where the reader must know it. */
  zone?: boolean;
  /** Another time zone than the user's (tests, a plant's local time). */
  timeZone?: string;
}

/**
 * Days and moments in the user's language's own way (24-hour in en-gb and de, 12-hour in
 * en-us) and time zone: the one helper every screen formats dates with.
 *
 * @example const format = dateFormat('en-gb'); format.dateTime('2026-11-28T14:05:00Z') // 28/11/2026, 14:05
 */
export function dateFormat(language: string, { timeZone = userTimeZone() } = {}): DateFormat {
  const key = `${language}|${timeZone}`;
  let found = made.get(key);
  if (!found) {
    found = makeDateFormat(language, timeZone);
    made.set(key, found);
  }
  return found;
}

function makeDateFormat(language: string, timeZone: string) {
  const locale = localeOf(language);
  const dayFormatter = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const partFormatters = new Map<string, Intl.DateTimeFormat>();
  const formatter = (options: DateFormatOptions, withDay: boolean) => {
    const zone = options.timeZone ?? timeZone;
    const key = `${withDay}|${options.seconds}|${options.zone}|${zone}`;
    let found = formatters.get(key);
    if (!found) {
      found = new Intl.DateTimeFormat(locale, {
        ...(withDay ? { day: '2-digit', month: '2-digit', year: 'numeric' } : {}),
        hour: '2-digit',
        minute: '2-digit',
        ...(options.seconds ? { second: '2-digit' } : {}),
        ...(options.zone ? { timeZoneName: 'short' } : {}),
        timeZone: zone,
      });
      formatters.set(key, found);
    }
    return found;
  };
  const text = (date: Date | null, format: (date: Date) => string) => (date ? format(date) : '');
  return {
    locale,
    timeZone,
    /** A calendar day: `28/11/2026` (en-gb), `11/28/2026` (en-us), `28.11.2026` (de). */
    date: (value: unknown) => text(dayOf(value), (date) => dayFormatter.format(date)),
    /** A moment with its day: `28/11/2026, 14:05` (en-gb), `11/28/2026, 02:05 PM` (en-us). */
    dateTime: (value: unknown, options: DateFormatOptions = {}) =>
      text(momentOf(value), (date) => formatter(options, true).format(date)),
    /** Parts of a moment of one's choosing (`{ month: 'short', year: 'numeric' }`: Nov 2026). */
    parts: (value: unknown, parts: Intl.DateTimeFormatOptions) => {
      const key = JSON.stringify(parts);
      let found = partFormatters.get(key);
      if (!found) {
        found = new Intl.DateTimeFormat(locale, { ...parts, timeZone });
        partFormatters.set(key, found);
      }
      const format = found;
      return text(momentOf(value), (date) => format.format(date));
    },
    /** The time of a moment alone: `14:05` (en-gb), `02:05 PM` (en-us). */
    time: (value: unknown, options: DateFormatOptions = {}) =>
      text(momentOf(value), (date) => formatter(options, false).format(date)),
  };
}

export type DateFormat = ReturnType<typeof makeDateFormat>;

/** The formats made, by language and zone: a grid formats each of its cells with one. */
const made = new Map<string, DateFormat>();

/** `dateFormat` in the language the user reads the page in. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => dateFormat(language), [language]);
}

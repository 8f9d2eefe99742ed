/** The Intl locale for an i18next language; 'fake' and other non-locales read as en-GB. */
export function intlLocale(language: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([language])[0] ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
}

/** Formatters in the user's language and time zone. */
export function weatherFormat(language: string) {
  const locale = intlLocale(language);
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const tenths = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const oneDecimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const hour = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  const shortDay = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    whole: (value: number) => whole.format(value),
    tenths: (value: number) => tenths.format(value),
    /** One decimal always, so a column of them lines up. */
    oneDecimal: (value: number) => oneDecimal.format(value),
    distance: (km: number) => oneDecimal.format(km),
    hour: (time: Date) => hour.format(time),
    day: (time: Date) => day.format(time),
    shortDay: (time: Date) => shortDay.format(time),
    moment: (time: Date) => moment.format(time),
  };
}

export type WeatherFormat = ReturnType<typeof weatherFormat>;

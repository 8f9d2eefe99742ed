import { intlLocale } from '#platform/ui';

/** Numbers, dates and times of a delivery in the user's language and time zone. */
export function deliveryFormat(language: string) {
  const locale = intlLocale(language);
  const oneDecimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const upToTenths = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const upToFour = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' });
  const dayAndTime = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return {
    /** Minutes for compaction: always one decimal (spec 3). */
    minutes: (value: number) => oneDecimal.format(value),
    tenths: (value: number) => upToTenths.format(value),
    number: (value: number) => upToFour.format(value),
    /** A `YYYY-MM-DD` day, read as that calendar day wherever the user is. */
    day: (value: string) => date.format(new Date(`${value.slice(0, 10)}T12:00:00`)),
    moment: (value: string) => moment.format(new Date(value)),
    time: (value: string) => time.format(new Date(value)),
    /** The time, with the weekday when it is not on the same day as `sameDayAs`. */
    timeNear: (value: string, sameDayAs: string | null | undefined) => {
      const at = new Date(value);
      const same = sameDayAs && new Date(sameDayAs).toDateString() === at.toDateString();
      return (same ? time : dayAndTime).format(at);
    },
  };
}

export type DeliveryFormat = ReturnType<typeof deliveryFormat>;

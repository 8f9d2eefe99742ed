import { describe, expect, it } from 'vitest';
import { dateFormat } from '../../platform/ui/i18n/date-format';

// 14:05:09 UTC on 28 November 2026: 14:05 in London (GMT), 15:05 in Berlin, 09:05 in New York.
const moment = '2026-11-28T14:05:09Z';

describe('dates and times in the user language and time zone', () => {
  it('writes en-gb days day first and times on the 24-hour clock', () => {
    const format = dateFormat('en-gb', { timeZone: 'Europe/London' });
    expect(format.date('2026-11-28')).toBe('28/11/2026');
    expect(format.dateTime(moment)).toBe('28/11/2026, 14:05');
    expect(format.time(moment)).toBe('14:05');
    expect(format.dateTime(moment, { seconds: true })).toBe('28/11/2026, 14:05:09');
    expect(format.dateTime(moment, { zone: true })).toBe('28/11/2026, 14:05 GMT');
  });

  it('writes en-us days month first and times on the 12-hour clock', () => {
    const format = dateFormat('en-us', { timeZone: 'America/New_York' });
    expect(format.date('2026-11-28')).toBe('11/28/2026');
    expect(format.dateTime(moment)).toBe('11/28/2026, 09:05 AM');
    expect(format.time('2026-11-28T20:30:00Z')).toBe('03:30 PM');
    expect(format.dateTime(moment, { zone: true })).toBe('11/28/2026, 09:05 AM EST');
  });

  it('writes de days with dots and times on the 24-hour clock in the user zone', () => {
    const format = dateFormat('de', { timeZone: 'Europe/Berlin' });
    expect(format.date('2026-11-28')).toBe('28.11.2026');
    expect(format.dateTime(moment)).toBe('28.11.2026, 15:05');
    expect(format.dateTime(moment, { zone: true })).toBe('28.11.2026, 15:05 MEZ');
  });

  it('keeps a calendar day on its day whatever the zone, and leaves empty values empty', () => {
    expect(dateFormat('en-gb', { timeZone: 'Pacific/Kiritimati' }).date('2026-11-28')).toBe(
      '28/11/2026',
    );
    expect(dateFormat('en-gb', { timeZone: 'Pacific/Pago_Pago' }).date('2026-11-28')).toBe(
      '28/11/2026',
    );
    const format = dateFormat('en-gb');
    expect(format.dateTime(null)).toBe('');
    expect(format.dateTime('')).toBe('');
    expect(format.date('not a day')).toBe('');
  });

  it('falls back to en-gb for a pseudo language that is no locale', () => {
    expect(dateFormat('fake', { timeZone: 'UTC' }).dateTime(moment)).toBe('28/11/2026, 14:05');
  });
});

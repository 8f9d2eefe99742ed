import type { Kysely } from 'kysely';
import { smtpSecurityModes, type SmtpSecurity } from '#metadata';
import type { Database } from '../db/schema';
import { cachedSetting, settingDefault } from '../modules/settings/index';
import type { SmtpOptions } from './smtp-transport';

/** The `Email.*` values that say how mail leaves: SMTP server, sign-in and sender. */
export interface EmailSettingValues {
  'Email.SmtpHost': string;
  'Email.SmtpPort': number;
  'Email.SmtpSecurity': SmtpSecurity;
  'Email.SmtpUser': string;
  'Email.SmtpPassword': string;
  'Email.FromAddress': string;
}

export const emailSettingKeys = [
  'Email.SmtpHost',
  'Email.SmtpPort',
  'Email.SmtpSecurity',
  'Email.SmtpUser',
  'Email.SmtpPassword',
  'Email.FromAddress',
] as const satisfies readonly (keyof EmailSettingValues)[];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The values as the transport takes them; anything unusable falls back to its default. */
export function smtpOptionsOf(
  values: Readonly<Record<string, unknown>>,
): (SmtpOptions & { from: string }) | null {
  const host = text(values['Email.SmtpHost']);
  if (!host) return null;
  const port = values['Email.SmtpPort'];
  const security = values['Email.SmtpSecurity'];
  return {
    host,
    port:
      typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
    security: smtpSecurityModes.find((mode) => mode === security) ?? 'starttls',
    user: text(values['Email.SmtpUser']),
    password: typeof values['Email.SmtpPassword'] === 'string' ? values['Email.SmtpPassword'] : '',
    from: text(values['Email.FromAddress']),
  };
}

/** The stored `Email.*` SMTP values (each read at most every 15 s). */
export async function emailSettingValues(
  db: Kysely<Database>,
): Promise<Record<(typeof emailSettingKeys)[number], unknown>> {
  const values = await Promise.all(
    emailSettingKeys.map((key) => cachedSetting<unknown>(db, key, settingDefault(key))),
  );
  return Object.fromEntries(emailSettingKeys.map((key, i) => [key, values[i]])) as Record<
    (typeof emailSettingKeys)[number],
    unknown
  >;
}

import {
  addressListSchema,
  choiceSchema,
  integerBetween,
  textSchema,
  type SettingSection,
} from './setting-definition';

/** How the SMTP connection is secured: none, STARTTLS (upgrade, usually 587), TLS (usually 465). */
export const smtpSecurityModes = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof smtpSecurityModes)[number];

export const emailSettings: SettingSection = {
  id: 'Email',
  title: 'SETTINGS.SECTION.EMAIL',
  description: 'SETTINGS.EMAIL.SECTION_HINT',
  settings: [
    {
      key: 'Email.TestEmailAddress',
      schema: { ...addressListSchema, maxLength: 254, pattern: '^$|^[^\\s@,]+@[^\\s@,]+$' },
      default: '',
      title: 'SETTINGS.EMAIL.TEST_ADDRESS',
      description: 'SETTINGS.EMAIL.TEST_ADDRESS_HINT',
    },
    {
      key: 'Email.SmtpHost',
      schema: { type: 'string', maxLength: 253, pattern: '^$|^[A-Za-z0-9.:\\[\\]-]+$' },
      default: '',
      title: 'SETTINGS.EMAIL.SMTP_HOST',
      description: 'SETTINGS.EMAIL.SMTP_HOST_HINT',
    },
    {
      key: 'Email.SmtpPort',
      schema: integerBetween(1, 65535),
      default: 587,
      title: 'SETTINGS.EMAIL.SMTP_PORT',
    },
    {
      key: 'Email.SmtpSecurity',
      schema: choiceSchema([
        ['none', 'SETTINGS.EMAIL.SECURITY.NONE'],
        ['starttls', 'SETTINGS.EMAIL.SECURITY.STARTTLS'],
        ['tls', 'SETTINGS.EMAIL.SECURITY.TLS'],
      ]),
      default: 'starttls',
      title: 'SETTINGS.EMAIL.SMTP_SECURITY',
    },
    {
      key: 'Email.SmtpUser',
      schema: textSchema(254),
      default: '',
      title: 'SETTINGS.EMAIL.SMTP_USER',
      description: 'SETTINGS.EMAIL.SMTP_USER_HINT',
    },
    {
      key: 'Email.SmtpPassword',
      schema: { type: 'string', minLength: 1, maxLength: 500 },
      default: '',
      title: 'SETTINGS.EMAIL.SMTP_PASSWORD',
      secret: true,
    },
    {
      key: 'Email.FromAddress',
      schema: textSchema(300),
      default: '',
      title: 'SETTINGS.EMAIL.FROM',
      description: 'SETTINGS.EMAIL.FROM_HINT',
    },
    {
      key: 'Email.ProblemReportsTo',
      schema: addressListSchema,
      default: '',
      title: 'SETTINGS.EMAIL.PROBLEM_REPORTS_TO',
      description: 'SETTINGS.EMAIL.PROBLEM_REPORTS_TO_HINT',
    },
  ],
};

import type { EmailTemplateSeed } from '../modules/templates/index';

/** Codes of the templates the application itself sends. */
export const systemTemplateCodes = {
  passwordReset: 'PasswordReset',
  registration: 'Registration',
  emailConfirmation: 'EmailConfirmation',
  problemReport: 'ProblemReport',
} as const;

const parameters = {
  userName: { Title: 'UserName', Notes: "The recipient's full name, or their user name" },
  login: { Title: 'Login', Notes: "The recipient's user name" },
  link: { Title: 'Link', Notes: 'The address of the page that sets the password' },
  hours: { Title: 'ExpiryHours', Notes: 'How many hours the link works' },
  appName: { Title: 'AppName', Notes: 'The name of the application' },
};

// Plain markup the template editor keeps as it is: a sanitised mail carries no inline styles.
const button = (label: string) => `<p><a href="{{Link}}"><strong>${label}</strong></a></p>`;

const reportParameters = [
  { Title: 'ReportId', Notes: 'The number of the stored problem report' },
  {
    Title: 'Severity',
    Notes: 'How bad the reporter says it is (SystemFailure, Major, Minor, Suggestion)',
  },
  { Title: 'Time', Notes: 'When it happened, as the reporter gave it (HH:mm)' },
  { Title: 'ReporterName', Notes: "The reporter's name, or anonymous" },
  { Title: 'ReporterEmail', Notes: "The reporter's e-mail address, when given" },
  { Title: 'PreviousPage', Notes: 'The page the reporter came from' },
  { Title: 'Language', Notes: "The reporter's language" },
  { Title: 'ErrorLog', Notes: 'What the reporter wrote, with the error details' },
  { Title: 'AppName', Notes: 'The name of the application' },
];

/** System e-mail templates, seeded once per language; administrators may reword them. */
export const systemEmailTemplates: EmailTemplateSeed[] = [
  {
    code: systemTemplateCodes.passwordReset,
    languageId: 'en-gb',
    title: 'Password reset',
    subject: '{{AppName}}: reset your password',
    body: [
      '<p>Hello {{UserName}},</p>',
      '<p>Someone asked to reset the password of your {{AppName}} account <b>{{Login}}</b>. If it was you, choose a new password here:</p>',
      button('Choose a new password'),
      '<p>Or open this address: {{Link}}</p>',
      '<p>The link works once, for {{ExpiryHours}} hours. If you did not ask for it, ignore this mail: your password stays as it is.</p>',
    ].join('\n'),
    parameters: Object.values(parameters),
  },
  {
    code: systemTemplateCodes.registration,
    languageId: 'en-gb',
    title: 'Registration',
    subject: '{{AppName}}: your new account',
    body: [
      '<p>Hello {{UserName}},</p>',
      '<p>An account <b>{{Login}}</b> has been created for you in {{AppName}}. Choose your password to start using it:</p>',
      button('Choose your password'),
      '<p>Or open this address: {{Link}}</p>',
      '<p>The link works once, for {{ExpiryHours}} hours. Ask your administrator for a new one if it has expired.</p>',
    ].join('\n'),
    parameters: Object.values(parameters),
  },
  {
    code: systemTemplateCodes.emailConfirmation,
    languageId: 'en-gb',
    title: 'E-mail confirmation',
    subject: '{{AppName}}: confirm your e-mail address',
    body: [
      '<p>Hello {{UserName}},</p>',
      '<p>Thank you for registering the account <b>{{Login}}</b> with {{AppName}}. Confirm that this address is yours to start using it:</p>',
      button('Confirm my address'),
      '<p>Or open this address: {{Link}}</p>',
      '<p>The link works once, for {{ExpiryHours}} hours; when it has expired, choose "Forgot your password?" on the sign-in page. If you did not register, ignore this mail: the account cannot be used without this confirmation.</p>',
    ].join('\n'),
    parameters: Object.values({
      ...parameters,
      link: { Title: 'Link', Notes: 'The address of the page that confirms the e-mail address' },
    }),
  },
  {
    code: systemTemplateCodes.problemReport,
    languageId: 'en-gb',
    title: 'Problem report',
    subject: 'Problem report #{{ReportId}}: {{Severity}}',
    body: [
      '<p>A problem was reported in {{AppName}}.</p>',
      '<ul>',
      '<li><p>Severity: <strong>{{Severity}}</strong></p></li>',
      '<li><p>Time: {{Time}}</p></li>',
      '<li><p>From: {{ReporterName}} {{ReporterEmail}}</p></li>',
      '<li><p>Previous page: {{PreviousPage}}</p></li>',
      '<li><p>Language: {{Language}}</p></li>',
      '</ul>',
      '<pre><code>{{ErrorLog}}</code></pre>',
    ].join('\n'),
    parameters: reportParameters,
  },
];

/** The release's own text of a system template, for when not even its default-language row exists. */
export function builtInTemplate(code: string): EmailTemplateSeed | undefined {
  return systemEmailTemplates.find((template) => template.code === code);
}

import type { EmailTemplateSeed } from '../repositories/email-templates';

/** Codes of the templates the application itself sends. */
export const systemTemplateCodes = {
  passwordReset: 'PasswordReset',
  registration: 'Registration',
  emailConfirmation: 'EmailConfirmation',
} as const;

const parameters = {
  userName: { Title: 'UserName', Notes: "The recipient's full name, or their user name" },
  login: { Title: 'Login', Notes: "The recipient's user name" },
  link: { Title: 'Link', Notes: 'The address of the page that sets the password' },
  hours: { Title: 'ExpiryHours', Notes: 'How many hours the link works' },
  appName: { Title: 'AppName', Notes: 'The name of the application' },
};

const button = (label: string) =>
  `<p><a href="{{Link}}" style="display:inline-block;padding:10px 18px;background:#1c7ed6;color:#ffffff;border-radius:4px;text-decoration:none">${label}</a></p>`;

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
];

import type { EmailTemplateSeed } from '../templates/index';

const parameters = {
  userName: { Title: 'UserName', Notes: "The recipient's full name, or their user name" },
  login: { Title: 'Login', Notes: "The recipient's user name" },
  link: { Title: 'Link', Notes: 'The address of the page that sets the password' },
  hours: { Title: 'ExpiryHours', Notes: 'How many hours the link works' },
  appName: { Title: 'AppName', Notes: 'The name of the application' },
};

// Plain markup the template editor keeps as it is: a sanitised mail carries no inline styles.
const button = (label: string) => `<p><a href="{{Link}}"><strong>${label}</strong></a></p>`;

/** The account's mails: password reset, registration and e-mail confirmation (English). */
export const accountMailTemplates: EmailTemplateSeed[] = [
  {
    code: 'PasswordReset',
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
    code: 'Registration',
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
    code: 'EmailConfirmation',
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

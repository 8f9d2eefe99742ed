/** Default (en-gb) texts of registration, password recovery, ticket screens and profile. */
export const accountTexts: Record<string, string> = {
  'ROUTES.REGISTER': 'Create an account',
  'ROUTES.RESET_PASSWORD': 'Reset password',
  'ROUTES.REGISTER_BY_TICKET': 'Complete registration',
  'ROUTES.CONFIRM_EMAIL': 'Confirm e-mail address',
  'ROUTES.PROFILE': 'Profile',
  'USER_MENU.PROFILE': 'Profile',

  'PAGES.USERS.PASSWORD.INVALID_PASSWORD': 'The password must not be the same as the user name.',

  'PASSWORD.NEW': 'Password',
  'PASSWORD.CONFIRM': 'Confirm password',
  'PASSWORD.TOGGLE': 'Show or hide the password',
  'PASSWORD.HINT':
    'At least {{min}} characters. Mix upper and lower case letters, digits and symbols to make it stronger.',
  'PASSWORD.REQUIRED': 'Enter a password.',
  'PASSWORD.TOO_SHORT': 'Use at least {{min}} characters.',
  'PASSWORD.USES_EMAIL': 'Do not use the name of your e-mail address in the password.',
  'PASSWORD.MISMATCH': 'The passwords do not match.',
  'PASSWORD.STRENGTH': 'Password strength',
  'PASSWORD.STRENGTH.0': 'Too weak',
  'PASSWORD.STRENGTH.10': 'Very weak',
  'PASSWORD.STRENGTH.25': 'Weak',
  'PASSWORD.STRENGTH.40': 'Fair',
  'PASSWORD.STRENGTH.60': 'Good',
  'PASSWORD.STRENGTH.80': 'Strong',

  'PAGES.REGISTER.HEADING': 'Create an account',
  'PAGES.REGISTER.INTRO': 'Register with your e-mail address; it is also your user name.',
  'PAGES.REGISTER.EMAIL': 'E-mail address',
  'PAGES.REGISTER.FIRST_NAME': 'First name',
  'PAGES.REGISTER.SURNAME': 'Surname',
  'PAGES.REGISTER.SUBMIT': 'Register',
  'PAGES.REGISTER.CANCEL': 'Cancel',
  'PAGES.REGISTER.EMAIL_REQUIRED': 'Enter your e-mail address.',
  'PAGES.REGISTER.EMAIL_INVALID': 'Enter a valid e-mail address, for example name@example.com.',
  'PAGES.REGISTER.FIRST_NAME_REQUIRED': 'Enter your first name.',
  'PAGES.REGISTER.SURNAME_REQUIRED': 'Enter your surname.',
  'PAGES.REGISTER.USER_EXISTS': 'There is already an account with this e-mail address.',
  'PAGES.REGISTER.SUCCESS': 'Your account has been created. You can sign in now.',
  'PAGES.REGISTER.CONFIRM_EMAIL':
    'Your account has been created. We have sent a mail to {{email}}: follow its link to confirm your address, then sign in.',
  'PAGES.REGISTER.FAILED': 'The account could not be created. Please try again later.',

  'PAGES.TICKET.LOADING': 'Checking your link…',
  'PAGES.TICKET.RESET_HEADING': 'Choose a new password',
  'PAGES.TICKET.REGISTER_HEADING': 'Complete your registration',
  'PAGES.TICKET.INTRO': 'Choose the password of the account {{name}}.',
  'PAGES.TICKET.SUBMIT': 'Set password',
  'PAGES.TICKET.CANCEL': 'Cancel',
  'PAGES.TICKET.INVALID_HEADING': 'This link does not work',
  'PAGES.TICKET.INVALID':
    'The link is wrong, has already been used or has expired. On the sign-in page, choose "Forgot your password?" to get a new one.',
  'PAGES.TICKET.DONE_HEADING': 'Your password is set',
  'PAGES.TICKET.DONE': 'You can now sign in with your new password.',
  'PAGES.TICKET.TO_LOGIN': 'Go to sign in',
  'PAGES.TICKET.FAILED': 'The password could not be set. Please try again later.',

  'PAGES.CONFIRM_EMAIL.HEADING': 'Confirm your e-mail address',
  'PAGES.CONFIRM_EMAIL.ASK':
    'To confirm that this address is yours, enter the password you chose when you registered.',
  'PAGES.CONFIRM_EMAIL.PASSWORD': 'Password',
  'PAGES.CONFIRM_EMAIL.PASSWORD_REQUIRED': 'Enter your password.',
  'PAGES.CONFIRM_EMAIL.WRONG_PASSWORD':
    'This is not the password chosen at registration. If you did not register, ignore this link.',
  'PAGES.CONFIRM_EMAIL.SUBMIT': 'Confirm',
  'PAGES.CONFIRM_EMAIL.DONE_HEADING': 'Your e-mail address is confirmed',
  'PAGES.CONFIRM_EMAIL.DONE': 'Thank you. You can now sign in to your account.',
  'PAGES.CONFIRM_EMAIL.INVALID':
    'The link is wrong, has already been used or has expired. If you cannot sign in yet, choose "Forgot your password?" on the sign-in page: following the link it mails confirms your address too.',
  'PAGES.CONFIRM_EMAIL.FAILED':
    'Your e-mail address could not be confirmed. Please try again later.',

  'PAGES.PROFILE.HEADING': 'Your profile',
  'PAGES.PROFILE.USER_NAME': 'User name',
  'PAGES.PROFILE.FIRST_NAME': 'First name',
  'PAGES.PROFILE.SURNAME': 'Surname',
  'PAGES.PROFILE.EMAIL': 'E-mail address',
  'PAGES.PROFILE.LANGUAGE': 'Language',
  'PAGES.PROFILE.DEFAULT_LANGUAGE': 'Default language',
  'PAGES.PROFILE.SAVE': 'Save',
  'PAGES.PROFILE.SAVED': 'Your profile has been saved.',
  'PAGES.PROFILE.USER_NAME_REQUIRED': 'Enter your user name.',
  'PAGES.PROFILE.USERNAME_EXISTS': 'This user name is already taken.',
  'PAGES.PROFILE.SAVE_FAILED': 'Your profile could not be saved.',
  'PAGES.PROFILE.CHANGE_PASSWORD': 'Change password',

  'PAGES.CHANGE_PASSWORD.TITLE': 'Change password',
  'PAGES.CHANGE_PASSWORD.CURRENT': 'Current password',
  'PAGES.CHANGE_PASSWORD.CURRENT_REQUIRED': 'Enter your current password.',
  'PAGES.CHANGE_PASSWORD.SUBMIT': 'Change password',
  'PAGES.CHANGE_PASSWORD.CANCEL': 'Cancel',
  'PAGES.CHANGE_PASSWORD.INVALID_CURRENT': 'The current password is incorrect.',
  'PAGES.CHANGE_PASSWORD.DONE':
    'Your password has been changed. You stay signed in here; your other sessions have been signed out.',
  'PAGES.CHANGE_PASSWORD.FAILED': 'The password could not be changed. Please try again later.',

  'PAGES.RECOVER_PASSWORD.LINK': 'Forgot your password?',
  'PAGES.RECOVER_PASSWORD.TITLE': 'Recover your password',
  'PAGES.RECOVER_PASSWORD.INTRO':
    'Enter your e-mail address or user name. We will send a link to choose a new password to the e-mail address of your account.',
  'PAGES.RECOVER_PASSWORD.EMAIL': 'E-mail address or user name',
  'PAGES.RECOVER_PASSWORD.EMAIL_REQUIRED': 'Enter your e-mail address or user name.',
  'PAGES.RECOVER_PASSWORD.EMAIL_INVALID':
    'Enter your e-mail address (name@example.com) or your user name, without spaces.',
  'PAGES.RECOVER_PASSWORD.SEND': 'Send link',
  'PAGES.RECOVER_PASSWORD.CANCEL': 'Cancel',
  'PAGES.RECOVER_PASSWORD.SENT':
    'If an account has this address, a mail with a link to choose a new password is on its way. Please check your inbox.',
  'PAGES.RECOVER_PASSWORD.SUCCESS':
    'A mail with a link to choose a new password has been sent. Please check your inbox.',
  'PAGES.RECOVER_PASSWORD.UNKNOWN_ADDRESS': 'No active account has this e-mail address.',
  'PAGES.RECOVER_PASSWORD.FAILED': 'The mail could not be sent. Please try again later.',
  'PAGES.LOGIN.REGISTER': 'Create an account',
};

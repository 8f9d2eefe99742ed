/** Default (en-gb) texts of sign-in, sign-out and the captcha. */
export const authTexts: Record<string, string> = {
  'ROUTES.LOGIN': 'Sign in',

  'PAGES.LOGIN.HEADING': 'Sign in',
  'PAGES.LOGIN.INTRO': 'Sign in with your user name and password.',
  'PAGES.LOGIN.USER_NAME': 'User name',
  'PAGES.LOGIN.PASSWORD': 'Password',
  'PAGES.LOGIN.TOGGLE_PASSWORD': 'Show or hide the password',
  'PAGES.LOGIN.REMEMBER_ME': 'Remember me',
  'PAGES.LOGIN.SIGN_IN': 'Sign in',
  'PAGES.LOGIN.USER_NAME_REQUIRED': 'Enter your user name.',
  'PAGES.LOGIN.PASSWORD_REQUIRED': 'Enter your password.',
  'PAGES.LOGIN.INVALID_USER_OR_PASSWORD': 'The user name or password is incorrect.',
  'PAGES.LOGIN.USER_NOT_FOUND': 'There is no user with this user name.',
  'PAGES.LOGIN.INVALID_PASSWORD': 'The password is incorrect.',
  'PAGES.LOGIN.INVALID_PASSWORD_ATTEMPTS':
    'Too many invalid sign-in attempts. Please wait {{wait}} before trying again.',
  'PAGES.LOGIN.INVALID_PASSWORD_ATTEMPTS_LATER':
    'Too many invalid sign-in attempts. Please try again later.',
  'PAGES.LOGIN.USER_NOT_ACTIVE': 'Your account is not active. Please contact your administrator.',
  'PAGES.LOGIN.EMAIL_NOT_CONFIRMED':
    'Please confirm your e-mail address first: follow the link we mailed you when you registered.',
  'PAGES.LOGIN.INVALID_CAPTCHA':
    'The robot check failed or has expired. Please confirm again that you are not a robot.',
  'PAGES.LOGIN.CAPTCHA_REQUIRED': 'Please confirm you are not a robot to continue.',
  'PAGES.LOGIN.FAILED': 'Sign-in failed. Please try again.',
  'PAGES.LOGIN.SESSION_FAILED':
    'You were signed in, but your account could not be loaded. Please try again.',
  'PAGES.LOGIN.SERVER_ERROR': 'Sign-in is not available at the moment. Please try again later.',
  'PAGES.LOGIN.TOO_MANY_REQUESTS': 'Too many sign-in requests. Please wait a minute and try again.',
  'PAGES.LOGIN.SERVER_BUSY':
    'The server is busy signing other people in. Please try again in a few seconds.',
  'PAGES.LOGIN.INSECURE_CONNECTION':
    'Sign-in needs a secure (HTTPS) connection. Please open the site with https://.',
  'PAGES.LOGIN.CAPTCHA': 'Robot check',
  'PAGES.LOGIN.CAPTCHA_UNAVAILABLE': 'The robot check could not be loaded. Please reload the page.',
  'PAGES.LOGIN.DEMO.HEADING': 'Demo accounts',
  'PAGES.LOGIN.DEMO.INTRO': 'Sign in with one click as one of the demonstration users.',

  'USER_MENU.SIGN_IN': 'Sign in',
  'USER_MENU.SIGN_OUT': 'Sign out',
  'USER_MENU.LOCKED': 'Save or cancel your changes first.',

  'CAPTCHA.LABEL': "I'm not a robot",
  'CAPTCHA.VERIFY': 'Verify',
  'CAPTCHA.VERIFYING': 'Verifying…',
  'CAPTCHA.VERIFIED': 'Verified',
  'CAPTCHA.VERIFICATION_REQUIRED': 'Verification required.',
  'CAPTCHA.WAIT': 'Verifying… please wait.',
  'CAPTCHA.ERROR': 'Verification failed. Please try again later.',
  'CAPTCHA.EXPIRED': 'Verification expired. Please try again.',
  'CAPTCHA.LOADING': 'Loading…',
  'CAPTCHA.RELOAD': 'Reload',
  'CAPTCHA.CANCEL': 'Cancel',
  'CAPTCHA.ENTER_CODE': 'Enter code',
  'CAPTCHA.ENTER_CODE_ARIA': 'Enter the code you hear. Press Space to play the audio.',
  'CAPTCHA.ENTER_CODE_FROM_IMAGE': 'To continue, enter the code from the image below.',
  'CAPTCHA.AUDIO': 'Get an audio challenge',
};

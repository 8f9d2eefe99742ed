/** Default (en-gb) texts of the application shell and its pages. */
export const shellTexts: Record<string, string> = {
  'APP.TITLE': 'Asphalt Delivery Scheduler',
  'ROUTES.HOME': 'Deliveries',
  'ROUTES.UNAUTHORIZED': 'Access denied',
  'ROUTES.REPORT_A_PROBLEM': 'Report a problem',
  'ROUTES.JOBS': 'Scheduled jobs',
  'ROUTING.BACK_HOME': 'Back to the home page',

  'SHELL.SKIP_TO_CONTENT': 'Skip to main content',
  'SHELL.TOGGLE_NAVIGATION': 'Show or hide navigation',
  'SHELL.LOADING': 'Loading…',
  'SHELL.START_FAILED': 'The application could not start. Please reload the page.',
  'LANGUAGE.PICKER': 'Language',
  'MENU.LABEL': 'Main menu',
  'MENU.LOAD_FAILED': 'The menu could not be loaded.',
  'SESSION.PERMISSION_FAULT': 'Your permissions could not be loaded (permission request fault).',

  'COOKIES.LABEL': 'Cookie notice',
  'COOKIES.TEXT':
    'This site uses cookies to keep you signed in and to remember your language. It uses no advertising or tracking cookies.',
  'COOKIES.ACCEPT': 'OK, got it',

  'HOME.HEADING': 'Welcome to the Asphalt Delivery Scheduler',
  'HOME.WELCOME_USER': 'Welcome back, {{name}}.',
  'HOME.WELCOME':
    'Plan hot asphalt deliveries from your plants to road sites and see how long each load stays workable once it is laid.',

  'UNAUTHORIZED.HEADING': 'Access denied',
  'UNAUTHORIZED.TEXT':
    'You do not have permission to open this page. If you need it for your work, ask your administrator for access.',
  'UNAUTHORIZED.HOME': 'Go to the home page',

  'HANGFIRE.MESSAGE':
    'The scheduled jobs dashboard is available to administrators. Taking you back to the home page…',

  'REPORT_PROBLEM.HEADING': 'Report a problem',
  'REPORT_PROBLEM.INTRO':
    'Tell us what went wrong. Details of the last error, if any, are already filled in.',
  'REPORT_PROBLEM.SEVERITY': 'Severity',
  'REPORT_PROBLEM.SEVERITY.SystemFailure': 'System failure',
  'REPORT_PROBLEM.SEVERITY.Major': 'Major',
  'REPORT_PROBLEM.SEVERITY.Minor': 'Minor',
  'REPORT_PROBLEM.SEVERITY.Suggestion': 'Suggestion',
  'REPORT_PROBLEM.TIME': 'Time it happened',
  'REPORT_PROBLEM.TIME_HINT': '24-hour clock, for example 14:05',
  'REPORT_PROBLEM.EMAIL': 'Email',
  'REPORT_PROBLEM.NAME': 'Name',
  'REPORT_PROBLEM.ERROR_LOG': 'What happened',
  'REPORT_PROBLEM.ERROR_LOG_HINT': 'What you were doing, what you expected and what you saw.',
  'REPORT_PROBLEM.SEND': 'Send report',
  'REPORT_PROBLEM.CANCEL': 'Cancel',
  'REPORT_PROBLEM.SENT': 'Thank you. Your report has been sent.',
  'REPORT_PROBLEM.SEND_FAILED': 'The report could not be sent. Please try again later.',
  'REPORT_PROBLEM.FIX_ERRORS': 'Please correct the fields marked below.',
  'REPORT_PROBLEM.SEVERITY_REQUIRED': 'Choose how serious the problem is.',
  'REPORT_PROBLEM.TIME_INVALID': 'Enter the time as hours and minutes, for example 14:05.',
  'REPORT_PROBLEM.EMAIL_INVALID': 'Enter a valid email address, for example name@example.com.',
  'REPORT_PROBLEM.ERROR_LOG_REQUIRED': 'Describe what went wrong.',
  'REPORT_PROBLEM.TOO_LONG': 'Use at most {{max}} characters.',
};

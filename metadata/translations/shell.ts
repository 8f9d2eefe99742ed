/** Default (en-gb) texts of the application shell and its pages. */
export const shellTexts: Record<string, string> = {
  'APP.TITLE': 'Asphalt Delivery Scheduler',
  'ROUTES.HOME': 'Deliveries',
  'ROUTES.UNAUTHORIZED': 'Access denied',
  'ROUTES.REPORT_A_PROBLEM': 'Report a problem',
  'ROUTES.JOBS': 'Scheduled jobs',
};

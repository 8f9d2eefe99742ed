/** Values of the system templates' parameters as a preview or a test mail shows them. */
const samples: Readonly<Record<string, string>> = {
  UserName: 'Alex Example',
  Login: 'alex.example',
  Link: 'https://example.com/sample-link',
  ExpiryHours: '24',
  ReportId: '42',
  Severity: 'Minor',
  Time: '09:30',
  ReporterName: 'Alex Example',
  ReporterEmail: 'alex@example.com',
  PreviousPage: '/admin/units',
  Language: 'en-gb',
  ErrorLog: 'The page did not load.\nTypeError: sample is undefined',
};

/**
 * A sample value for each parameter: the system parameters' own, the application's name, and
 * the parameter's name in brackets for any other.
 *
 * @example sampleParameters([{ Title: 'UserName' }, { Title: 'Site' }], 'Scheduler')
 * // { UserName: 'Alex Example', Site: '[Site]', AppName: 'Scheduler' }
 */
export function sampleParameters(
  parameters: ReadonlyArray<{ Title: string }>,
  appName: string,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { Title } of parameters) values[Title] = samples[Title] ?? `[${Title}]`;
  values.AppName = appName;
  return values;
}

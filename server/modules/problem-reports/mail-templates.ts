import type { EmailTemplateSeed } from '../templates/index';

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

/** The mail to the administrators about a reported problem (English). */
export const problemReportMailTemplates: EmailTemplateSeed[] = [
  {
    code: 'ProblemReport',
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

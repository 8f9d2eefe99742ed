import type { FromSchema } from 'json-schema-to-ts';

export const problemSeverities = ['SystemFailure', 'Major', 'Minor', 'Suggestion'] as const;

/** Body of `POST api/reportaproblem/send`. */
export const problemReportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ErrorLog', 'Severity', 'Time'],
  properties: {
    ErrorLog: { type: 'string', minLength: 1, maxLength: 20000 },
    PreviousPage: { type: 'string', maxLength: 2000 },
    Severity: { type: 'string', enum: problemSeverities },
    Time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' },
    Id: { type: ['integer', 'null'] },
    Email: { type: 'string', maxLength: 320, pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' },
    Name: { type: 'string', maxLength: 200 },
    Language: { type: 'string', maxLength: 20 },
  },
} as const;

export type ProblemReport = FromSchema<typeof problemReportSchema>;

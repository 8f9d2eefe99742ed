import type { FieldError } from './app-error';

/** What ajv reports about one failed rule (Fastify's schema validation and the engine's). */
export interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

function readable(issue: ValidationIssue): string {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'dependencies':
    case 'dependentRequired':
      return `is required with ${String(params.property)}`;
    case 'additionalProperties':
      return 'is not an accepted field';
    case 'minLength':
      return params.limit === 1
        ? 'is required'
        : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `must be ${String(params.limit)} or more`;
    case 'maximum':
      return `must be ${String(params.limit)} or less`;
    case 'pattern':
      return 'contains characters that are not allowed';
    case 'type':
      return `must be ${String(params.type).replace(',', ' or ')}`;
    default:
      return issue.message ?? 'is not valid';
  }
}

/** Keywords whose error names the missing property in `params.missingProperty`. */
const missingKeywords = new Set(['required', 'dependencies', 'dependentRequired']);

/** `body/Email` + ajv detail -> `{ Field: 'Email', Message: 'must match format "email"' }`. */
export function toFieldErrors(issues: ValidationIssue[], context?: string): FieldError[] {
  return issues.map((issue) => {
    const missing = missingKeywords.has(issue.keyword ?? '')
      ? String(issue.params?.missingProperty ?? '')
      : '';
    const extra =
      issue.keyword === 'additionalProperties'
        ? String(issue.params?.additionalProperty ?? '')
        : '';
    const pointer = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = [pointer, missing || extra].filter(Boolean).join('.') || (context ?? 'request');
    return { Field: field, Message: readable(issue) };
  });
}

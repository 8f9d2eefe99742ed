import type { FieldError } from './app-error';

/** What ajv reports about one failed rule (Fastify's schema validation and the engine's). */
export interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
  schemaPath?: string;
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
    case 'oneOf':
    case 'anyOf':
    case 'enum':
    case 'const':
      return 'is not one of the allowed values';
    default:
      return issue.message ?? 'is not valid';
  }
}

/** Keywords whose error names the missing property in `params.missingProperty`. */
const missingKeywords = new Set(['required', 'dependencies', 'dependentRequired']);

/**
 * The issues a reader needs: a value matching none of a `oneOf` or `anyOf` is one issue, not
 * one per alternative it failed.
 */
function withoutAlternatives(issues: ValidationIssue[]): ValidationIssue[] {
  const choices = issues
    .filter((issue) => issue.keyword === 'oneOf' || issue.keyword === 'anyOf')
    .map((issue) => `${issue.schemaPath ?? ''}/`);
  if (choices.length === 0) return issues;
  return issues.filter(
    (issue) => !choices.some((choice) => (issue.schemaPath ?? '').startsWith(choice)),
  );
}

/**
 * `body/Email` + ajv detail -> `{ Field: 'Email', Message: 'must match format "email"' }`; one
 * message per field (the first rule it broke), as a form shows it.
 */
export function toFieldErrors(issues: ValidationIssue[], context?: string): FieldError[] {
  const seen = new Set<string>();
  return withoutAlternatives(issues)
    .map((issue) => toFieldError(issue, context))
    .filter((error) => {
      if (seen.has(error.Field)) return false;
      seen.add(error.Field);
      return true;
    });
}

function toFieldError(issue: ValidationIssue, context?: string): FieldError {
  const missing = missingKeywords.has(issue.keyword ?? '')
    ? String(issue.params?.missingProperty ?? '')
    : '';
  const extra =
    issue.keyword === 'additionalProperties' ? String(issue.params?.additionalProperty ?? '') : '';
  const pointer = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = [pointer, missing || extra].filter(Boolean).join('.') || (context ?? 'request');
  return { Field: field, Message: readable(issue) };
}

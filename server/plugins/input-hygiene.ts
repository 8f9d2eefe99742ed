import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

/** The path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL stores no NUL character in text: refuse it in any body, query or path value
 * before a handler sees it, as a 400 naming the field, rather than failing in the database.
 */
export const inputHygienePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field =
        nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
      if (field === null) return;
      const message = 'Text may not contain the NUL character.';
      throw new AppError('BadRequest', message, [{ Field: field || 'body', Message: message }]);
    });
  },
  { name: 'input-hygiene' },
);

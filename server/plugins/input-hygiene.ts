import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error';

const nul = '\u0000';
/** `\u0000` written as a JSON escape, inside a text that is itself JSON. */
const escapedNul = /\\u0000/;

/** A field name as a reader sees it: a NUL in the name itself is shown as `\u0000`. */
const shown = (key: string) => key.replaceAll(nul, '\\u0000');

/**
 * The object or array a text holds as JSON, when that JSON writes a NUL as `\u0000` (the
 * generic row calls take their row as a JSON text); otherwise undefined.
 */
function jsonInside(text: string): unknown {
  if (!escapedNul.test(text) || !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The path (`Roles.0.Name`) of the first value or name holding a NUL character, or null;
 * '' when the value itself is such a text. Iterative, so any depth of nesting is walked.
 */
export function nulPath(root: unknown): string | null {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(nul)) return path;
      const inner = jsonInside(value);
      if (inner !== undefined) pending.push([inner, path]);
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      const itemPath = path ? `${path}.${shown(key)}` : shown(key);
      if (key.includes(nul)) return itemPath;
      pending.push([item, itemPath]);
    }
  }
  return null;
}

/**
 * PostgreSQL stores no NUL character in text: refuse it in any path parameter, query string
 * parameter or body (values and names, at any depth, and inside a body's JSON text) before a
 * handler sees it, as a 400 naming the field, rather than failing in the database.
 */
export const inputHygienePlugin = fp(
  async (app: FastifyInstance) => {
    // A callback rather than an async hook: every request passes here, and most carry no
    // input at all (a `GET /health`, a static file), which costs no promise this way.
    app.addHook('preValidation', (request, _reply, done) => {
      const field = nulPath(request.params) ?? nulPath(request.query) ?? nulPath(request.body);
      if (field === null) return done();
      const message = 'Text may not contain the NUL character.';
      done(new AppError('BadRequest', message, [{ Field: field || 'body', Message: message }]));
    });
  },
  { name: 'input-hygiene' },
);

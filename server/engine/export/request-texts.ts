import type { FastifyRequest } from 'fastify';
import { cookieNames, platformConstants } from '#metadata';
import { listLanguages } from '../../modules/languages/index';
import { buildTranslationFile } from '../../modules/languages/index';

/** The language tags of an `Accept-Language` header, most preferred first. */
function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

/**
 * The language a file made for this request is written in, as the browser picks its own:
 * the `language` cookie, else the signed-in user's language, else the browser's
 * `Accept-Language`; only a language the server offers, else en-gb.
 */
export async function requestLanguage(request: FastifyRequest): Promise<string> {
  const offered = new Set((await listLanguages(request.server.db)).map((language) => language.id));
  const candidates = [
    request.cookies[cookieNames.language],
    request.currentUser?.Language,
    ...acceptedLanguages(request.headers['accept-language']),
  ];
  for (const candidate of candidates) {
    const code = candidate?.trim().toLowerCase();
    if (code && offered.has(code)) return code;
  }
  return platformConstants.defaultLanguage;
}

/** Key -> text in the request's language (default texts where it has none). */
export async function requestTexts(request: FastifyRequest): Promise<Record<string, string>> {
  return buildTranslationFile(request.server.db, await requestLanguage(request));
}

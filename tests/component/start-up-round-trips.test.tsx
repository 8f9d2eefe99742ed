import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp } from '../../app/start-up';
import { defaultTexts, routeDefinitions } from '#metadata';
import { i18nPaths, routesPath, sessionPaths } from '#platform/ui';

/** Answers `make()` once `until` resolves, or after a second at the latest. */
const heldUntil = (until: Promise<void>, make: () => Response) =>
  Promise.race([until, new Promise((resolve) => setTimeout(resolve, 1_000))]).then(make);

const events: string[] = [];
/** Every URL asked for, with its query. */
const urls: string[] = [];
let languagesAsked!: () => void;
let translationsAsked!: () => void;
const languagesRequested = new Promise<void>((resolve) => (languagesAsked = resolve));
const translationsRequested = new Promise<void>((resolve) => (translationsAsked = resolve));

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  events.push(`asked ${url.pathname}`);
  urls.push(`${url.pathname}${url.search}`);
  switch (url.pathname) {
    case '/api/routes':
      return Response.json(routeDefinitions);
    case '/api/users/GetCurrentUser':
      return heldUntil(languagesRequested, () => {
        events.push('user answered');
        return Response.json(null);
      });
    case '/api/auth/permissions':
      return heldUntil(translationsRequested, () => {
        events.push('permissions answered');
        return Response.json([]);
      });
    case '/api/Language/GetLanguages':
      languagesAsked();
      return Response.json([{ Id: 'en-gb', Name: 'English (UK)', LastUpdated: 5 }]);
    case '/api/Language/translations/en-gb':
      translationsAsked();
      return Response.json(defaultTexts);
    default:
      return new Response(null, { status: 404 });
  }
});

beforeAll(() => vi.stubGlobal('fetch', fetchMock));
afterAll(() => vi.unstubAllGlobals());

describe('start-up round trips', () => {
  it('asks for the languages with the session, and the texts before the permissions answer', async () => {
    await startApp();
    const at = (event: string) => events.indexOf(event);
    expect(at('asked /api/Language/GetLanguages')).toBeGreaterThanOrEqual(0);
    expect(at('asked /api/Language/GetLanguages')).toBeLessThan(at('user answered'));
    expect(at('asked /api/Language/translations/en-gb')).toBeLessThan(at('permissions answered'));
  });

  it('fetches one translation file, the language own one, under its versioned URL', async () => {
    await startApp();
    const asked = urls.filter((url) => url.startsWith('/api/Language/translations/'));
    expect(asked).toEqual(['/api/Language/translations/en-gb?v=5']);
  });

  it('has the page fetch the start-up GETs while the scripts download', async () => {
    const page = await readFile('app/index.html', 'utf8');
    const preloaded = [...page.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)];
    expect(preloaded.map(([, href]) => href)).toEqual([
      routesPath,
      sessionPaths.currentUser,
      i18nPaths.languages,
    ]);
    for (const path of [routesPath, sessionPaths.currentUser, i18nPaths.languages]) {
      expect(events, path).toContain(`asked ${path}`);
    }
  });
});

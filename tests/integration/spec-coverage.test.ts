import type { LightMyRequestResponse } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { type SpecCall, type SpecName, specCalls } from '../spec-calls';

/**
 * The spec coverage gauge: every call the two specs name (tests/spec-calls.ts) is sent, as
 * the legacy client writes it (mixed case), by a signed-in administrator. A call marked
 * `built` must reach a route: any answer but the router's own "no such call" (a handler's
 * 404 such as "The user does not exist." is a real answer). A call marked `pending` must
 * still reach no route, so that building it fails here until it is flipped to `built`.
 *
 * Unserved answers are recognised exactly, by asking the app for paths nobody serves first:
 * the not-found handler's 404 for `api/` and `odata/` paths (and for any non-GET), the
 * browser app's page fallback for other GETs (index.html, or 503 while the app is unbuilt),
 * and the generic `GET odata/{Name}OData` list's 404 for a data source the engine lacks.
 */

const specDir = fileURLToPath(new URL('../../../shared/spec/', import.meta.url));
const specNames: readonly SpecName[] = ['deliveries', 'administration'];

const urlOf = (call: SpecCall) => `/${(call.sample ?? call.path).replace(/^\//, '')}`;
const labelOf = (call: SpecCall) => `${call.method} ${call.path}`;
const keyOf = (call: SpecCall) =>
  `${call.spec} ${call.method} ${call.path.toLowerCase().replace(/^\//, '')}`;
const messageOf = (response: LightMyRequestResponse): string | null => {
  try {
    const body: unknown = response.json();
    return body && typeof body === 'object' && 'Message' in body ? String(body.Message) : null;
  } catch {
    return null;
  }
};

interface Unserved {
  /** The not-found handler's answer to `probe` (method and path) for an unknown call. */
  notFound: { status: number; message: string; method: string; path: string };
  /** The page fallback's answer to an unknown GET outside `api/` and `odata/`. */
  page: { status: number; contentType: string; body: string };
  /** The generic list's answer for the unknown data source `name`. */
  unknownSet: { status: number; message: string; name: string };
}

let t: TestApp;
let cookie: string;
let unserved: Unserved;

const fromTheApplication = {
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'cors',
  'sec-fetch-dest': 'empty',
};

function send(call: SpecCall, url = urlOf(call)) {
  // Logging out ends the session it is sent with: that one gets a session of its own.
  const session = /\/logout$/i.test(call.path) ? signIn(t.app, 'admin') : Promise.resolve(cookie);
  return session.then((sessionCookie) =>
    t.app.inject({
      method: call.method,
      url,
      // What a browser's fetch from the application sends, so state-changing calls get past
      // the same-origin check to their handler (with ids no row has).
      headers: { cookie: sessionCookie, ...fromTheApplication },
      ...(call.method === 'POST' || call.method === 'PUT' ? { payload: {} } : {}),
    }),
  );
}

/** Why the answer is the router's "nothing here" rather than a route's, or null if served. */
function unservedReason(url: string, method: string, res: LightMyRequestResponse): string | null {
  const path = url.split('?')[0]!;
  if (res.statusCode === 405) return '405 Method Not Allowed';
  const { notFound, page, unknownSet } = unserved;
  const notFoundMessage = notFound.message
    .replace(notFound.method, method)
    .replace(notFound.path, path);
  if (res.statusCode === notFound.status && messageOf(res) === notFoundMessage) {
    return `the not-found handler's ${res.statusCode}`;
  }
  if (
    res.statusCode === page.status &&
    String(res.headers['content-type']) === page.contentType &&
    res.body === page.body
  ) {
    return `the browser app's page fallback (${res.statusCode} ${page.contentType})`;
  }
  const set = /^\/odata\/([A-Za-z][A-Za-z0-9]*)OData$/i.exec(path)?.[1];
  if (
    set &&
    res.statusCode === unknownSet.status &&
    messageOf(res) === unknownSet.message.replace(unknownSet.name, set)
  ) {
    return `the generic list's ${res.statusCode} for an unknown data source`;
  }
  return null;
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  cookie = await signIn(t.app, 'admin');

  const probe = (method: 'GET' | 'POST', url: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(method === 'POST' ? { payload: {} } : {}),
    });
  const notFoundPath = '/api/SpecCoverageProbe/NoSuchCall';
  const notFound = await probe('POST', notFoundPath);
  const page = await probe('GET', '/spec-coverage-probe/no-such-page');
  const setName = 'SpecCoverageProbeNoSuchSet';
  const unknownSet = await probe('GET', `/odata/${setName}OData`);
  unserved = {
    notFound: {
      status: notFound.statusCode,
      message: messageOf(notFound) ?? '',
      method: 'POST',
      path: notFoundPath,
    },
    page: {
      status: page.statusCode,
      contentType: String(page.headers['content-type']),
      body: page.body,
    },
    unknownSet: {
      status: unknownSet.statusCode,
      message: messageOf(unknownSet) ?? '',
      name: setName,
    },
  };
  // The probes themselves must look like what they stand for.
  expect(notFound.statusCode).toBe(404);
  expect(unserved.notFound.message).toContain(notFoundPath);
  expect([200, 503]).toContain(page.statusCode);
  expect(unknownSet.statusCode).toBe(404);
  expect(unserved.unknownSet.message).toContain(setName);
});

afterAll(async () => {
  await t?.close();
});

describe('the list of spec calls', () => {
  it('names each call once per spec, with a concrete sample wherever the path has a placeholder', () => {
    const keys = specCalls.map(keyOf);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    for (const call of specCalls) {
      if (call.path.includes('{')) expect(call.sample, labelOf(call)).toBeDefined();
      expect(call.sample ?? '', labelOf(call)).not.toMatch(/[{}]/);
    }
  });

  describe.each(specNames)('%s.md', (spec) => {
    const file = `${specDir}${spec}.md`;
    const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
    const callsSection = text?.slice(text.indexOf('\n## 7.'), text.indexOf('\n## 8.')) ?? '';
    const listed = specCalls.filter((c) => c.spec === spec);

    it.skipIf(text === null)('lists every path the spec writes out in full', () => {
      const written = callsSection.match(/\/?\b(?:api|odata|Reports|saml2)\/[^\s,|()]+/g) ?? [];
      const paths = new Set(listed.map((c) => c.path));
      const missing = written
        .map((p) => p.replace(/[.;]+$/, ''))
        .filter((p) => !paths.has(p) && !paths.has(p.replace(/^\//, '')));
      expect(missing).toEqual([]);
    });

    it.skipIf(text === null)('writes each path or shortened name as the spec does', () => {
      const absent = listed
        .map((c) => c.written ?? c.path)
        .filter((written) => !callsSection.includes(written));
      expect(absent).toEqual([]);
    });
  });
});

/** Whether each call sent was served, by `keyOf`. */
const outcomes = new Map<string, boolean>();

describe.each(specNames)('calls of %s.md', (spec) => {
  const calls = specCalls.filter((c) => c.spec === spec);
  const cases = (status: SpecCall['status']) =>
    calls.filter((c) => c.status === status).map((c) => [labelOf(c), c] as const);

  it.each(cases('built'))('built: %s is served', async (_label, call) => {
    const url = urlOf(call);
    const reason = unservedReason(url, call.method, await send(call, url));
    outcomes.set(keyOf(call), reason === null);
    expect(reason, `${labelOf(call)} (sent to ${url}) is not served: ${reason}`).toBeNull();
  });

  it.each(cases('pending'))('pending: %s is not served yet', async (_label, call) => {
    const url = urlOf(call);
    const response = await send(call, url);
    const reason = unservedReason(url, call.method, response);
    outcomes.set(keyOf(call), reason === null);
    expect(
      reason,
      `${labelOf(call)} (sent to ${url}) is served now (${response.statusCode}): ` +
        `mark it 'built' in tests/spec-calls.ts`,
    ).not.toBeNull();
  });
});

describe('the gauge', () => {
  it('prints how many spec calls are built', () => {
    const count = (spec?: SpecName) => {
      const calls = specCalls.filter((c) => spec === undefined || c.spec === spec);
      return { built: calls.filter((c) => c.status === 'built').length, all: calls.length };
    };
    const total = count();
    const per = specNames.map((spec) => {
      const { built, all } = count(spec);
      return `${spec} ${built}/${all}`;
    });
    const wrong = specCalls
      .filter((c) => outcomes.has(keyOf(c)) && outcomes.get(keyOf(c)) !== (c.status === 'built'))
      .map((c) => `${c.spec}: ${labelOf(c)} is ${c.status === 'built' ? 'not served' : 'served'}`);
    const unchecked = specCalls.length - outcomes.size;
    console.log(
      `Spec coverage: ${total.built} of ${total.all} calls built (${per.join(', ')})` +
        (unchecked > 0 ? `; ${unchecked} not checked in this run` : '') +
        (wrong.length > 0 ? `; marked wrongly: ${wrong.join('; ')}` : ''),
    );
  });
});

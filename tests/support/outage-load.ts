import { type Kysely, sql } from 'kysely';
import { demoPassword } from '#metadata';
import type { Database } from '../../server/db/schema';
import { browserDigest } from '../../server/security/browser-digest';
import { eventReader } from './event-stream';
import type { ServerChild } from './server-child';
import { chromeUserAgent } from './sign-in';

export interface Answer {
  call: string;
  status: number;
  retryAfter: string | null;
  body: string;
  ms: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client of a server process: signed in as `manager`, the demo's user of units and deliveries. */
export async function managerClient(server: Pick<ServerChild, 'url'>) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': chromeUserAgent },
    body: JSON.stringify({
      User: 'manager',
      Pass: browserDigest(demoPassword),
      Save: false,
      FingerPrint: 'outage-test',
    }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))!
    .split(';')[0]!;

  /** An answer, or status 0 when none came (the server died or hung). */
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> => {
    const started = Date.now();
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'user-agent': chromeUserAgent },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(20_000),
    }).catch((error: unknown) => error as Error);
    const answer = { call: `${method} ${url}`, retryAfter: null, ms: Date.now() - started };
    if (response instanceof Error) return { ...answer, status: 0, body: String(response) };
    return {
      ...answer,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  };

  const openStream = async () => {
    const stream = await fetch(`${server.url}/api/Deliveries/StateStream`, { headers: { cookie } });
    if (stream.status !== 200) throw new Error(`the state stream answered ${stream.status}`);
    const reader = eventReader(stream.body!);
    await reader.until((text) => text.includes('retry: 5000\n\n'));
    return reader;
  };

  return { call, openStream };
}

export type ManagerClient = Awaited<ReturnType<typeof managerClient>>;

/** Saves, reads and who-am-I calls in parallel until `running()` turns false. */
export function loadOf(client: ManagerClient, prefix: string, running: () => boolean) {
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  let next = 0;
  const saver = async () => {
    while (running()) {
      const code = `${prefix}${next++}`;
      const answer = await client.call('POST', '/api/units/SaveUnit', {
        Code: code,
        Name: 'Outage',
      });
      answers.push(answer);
      if (answer.status === 200) acknowledged.push(code);
    }
  };
  const reader = async () => {
    while (running()) {
      answers.push(await client.call('GET', '/odata/UnitsOData?$top=5&$count=true'));
      answers.push(await client.call('GET', '/api/users/GetCurrentUser'));
    }
  };
  const done = Promise.all([saver(), saver(), saver(), reader()]);
  return { answers, acknowledged, done };
}

/**
 * Acknowledged unit codes that the database does not hold, and units it holds half-saved
 * (without the change-log entry their save writes in the same transaction).
 */
export async function lostOrHalfSaved(
  db: Kysely<Database>,
  prefix: string,
  acknowledged: string[],
): Promise<{ lost: string[]; halfSaved: string[] }> {
  const { rows } = await sql<{ code: string; logged: boolean }>`
    select code, exists (select 1 from change_logs c
                         where c.entity_type = 'Unit' and c.entity_id = u.id::text) as logged
    from units u where code like ${`${prefix}%`}`.execute(db);
  const stored = new Set(rows.map((row) => row.code));
  return {
    lost: acknowledged.filter((code) => !stored.has(code)),
    halfSaved: rows.filter((row) => !row.logged).map((row) => row.code),
  };
}

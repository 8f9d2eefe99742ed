import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One recorded answer of the external recording system. */
export interface SourceAnswer {
  status: number;
  contentType?: string;
  body?: string;
  /** Never answer (the sync's timeout has to end the call). */
  hang?: boolean;
  /** A redirect's target (with a 3xx status). */
  location?: string;
}

const json = (body: unknown): SourceAnswer => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

/**
 * The recording system's unit list as recorded (JSON and the same as CSV), against the demo
 * units: NTH01 unchanged, NTH02 renamed, MID01 moved to another postcode and made inactive,
 * NTH03 and SCO01 new, one row without a name and one with a latitude out of range; STH01,
 * STH02 and WST01 are not listed (the demo's active units the source lacks).
 */
export const recordedUnits = [
  {
    Code: 'NTH01',
    Name: 'Leeds (Cross Green) asphalt plant',
    Active: true,
    Latitude: 53.7905,
    Longitude: -1.509,
    Postcode: 'LS9 0PS',
  },
  {
    Code: 'NTH02',
    Name: 'Manchester (Trafford Park) plant',
    Active: true,
    Latitude: 53.466,
    Longitude: -2.319,
    Postcode: 'M17 1PG',
  },
  {
    Code: 'MID01',
    Name: 'Birmingham (Small Heath) asphalt plant',
    Active: false,
    Latitude: 52.471,
    Longitude: -1.854,
    Postcode: 'b10 0bt',
  },
  {
    Code: 'NTH03',
    Name: 'Sheffield (Tinsley) asphalt plant',
    Active: true,
    Latitude: 53.411,
    Longitude: -1.401,
    Postcode: 'S9 1XU',
  },
  {
    Code: 'SCO01',
    Name: 'Glasgow (Polmadie) asphalt plant',
    Active: true,
    Latitude: null,
    Longitude: null,
    Postcode: null,
  },
  { Code: 'BAD01', Name: '', Active: true, Latitude: null, Longitude: null, Postcode: null },
  { Code: 'BAD02', Name: 'Off the map', Active: true, Latitude: 80, Longitude: -1, Postcode: null },
];

const csvOf = (rows: typeof recordedUnits) =>
  [
    'code,name,active,latitude,longitude,postcode',
    ...rows.map((row) =>
      [
        row.Code,
        `"${row.Name}"`,
        row.Active ? 'yes' : 'no',
        row.Latitude ?? '',
        row.Longitude ?? '',
        row.Postcode ?? '',
      ].join(','),
    ),
  ].join('\r\n');

export const recordedAnswers: Record<string, SourceAnswer> = {
  '/units.json': json({ Units: recordedUnits }),
  '/units.csv': { status: 200, contentType: 'text/csv', body: csvOf(recordedUnits) },
  '/not-a-list.json': json({ message: 'maintenance' }),
  '/broken.json': { status: 200, contentType: 'application/json', body: '{"Units": [' },
  '/down': { status: 503, contentType: 'text/plain', body: 'Service Unavailable' },
  '/huge.json': json(
    Array.from({ length: 30_000 }, (_, i) => ({
      Code: `X${i}`,
      Name: 'x'.repeat(60),
      Active: true,
    })),
  ),
  '/slow': { status: 200, hang: true },
  // Moved to the real list: the sync must not follow (it could be sent anywhere).
  '/moved': { status: 302, location: '/units.json' },
};

export interface UnitsSourceReplay {
  url: string;
  /** Paths asked for, in order. */
  hits: string[];
  /** Answers `path` with this from now on (a source that changed meanwhile). */
  set(path: string, answer: SourceAnswer): void;
  /** The JSON answer of a unit list. */
  json: typeof json;
  close(): Promise<void>;
}

/** A local stand-in for the external recording system; nothing needs the internet. */
export async function startUnitsSourceReplay(): Promise<UnitsSourceReplay> {
  const answers = new Map(Object.entries(recordedAnswers));
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    hits.push(path);
    const answer = answers.get(path) ?? { status: 404, body: 'Not found' };
    if (answer.hang) return;
    response.writeHead(answer.status, {
      'content-type': answer.contentType ?? 'text/plain',
      ...(answer.location ? { location: answer.location } : {}),
    });
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    set: (path, answer) => void answers.set(path, answer),
    json,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

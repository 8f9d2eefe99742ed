import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayAnswer {
  status: number;
  body?: unknown;
  /** Never answer (the client's timeout has to end the call). */
  hang?: boolean;
}

/**
 * Answers shaped as api.postcodes.io gives them (`{ status, result }`, or `{ status, error }`),
 * trimmed to the fields a lookup reads and a few around them. SW1A 1AA is postcodes.io's own
 * documented example; M1 1AE and EH1 carry their known points to 4 decimals.
 */
export const recordedAnswers: Record<string, ReplayAnswer> = {
  '/postcodes/SW1A%201AA': {
    status: 200,
    body: {
      status: 200,
      result: {
        postcode: 'SW1A 1AA',
        quality: 1,
        eastings: 529090,
        northings: 179645,
        country: 'England',
        longitude: -0.141588,
        latitude: 51.501009,
        outcode: 'SW1A',
        incode: '1AA',
        admin_district: 'Westminster',
      },
    },
  },
  '/postcodes/M1%201AE': {
    status: 200,
    body: {
      status: 200,
      result: {
        postcode: 'M1 1AE',
        quality: 1,
        country: 'England',
        longitude: -2.2453,
        latitude: 53.4794,
        outcode: 'M1',
        incode: '1AE',
        admin_district: 'Manchester',
      },
    },
  },
  '/outcodes/EH1': {
    status: 200,
    body: {
      status: 200,
      result: {
        outcode: 'EH1',
        longitude: -3.19,
        latitude: 55.9521,
        admin_district: ['City of Edinburgh'],
        country: ['Scotland'],
      },
    },
  },
  '/postcodes/ZZ1%201ZZ': { status: 404, body: { status: 404, error: 'Postcode not found' } },
  '/outcodes/ZZ1': { status: 404, body: { status: 404, error: 'Outcode not found' } },
};

export interface ReplayServer {
  url: string;
  /** Paths asked for, in order. */
  hits: string[];
  /** Answers to give next for a path, before its recorded one (e.g. a 503 then the answer). */
  queue(path: string, ...answers: ReplayAnswer[]): void;
  close(): Promise<void>;
}

/** A local stand-in for postcodes.io replaying recorded answers; nothing needs the internet. */
export async function startPostcodesIoReplay(): Promise<ReplayServer> {
  const queued = new Map<string, ReplayAnswer[]>();
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const answer = queued.get(path)?.shift() ??
      recordedAnswers[path] ?? { status: 404, body: { status: 404, error: 'Not found' } };
    if (answer.hang) return;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body ?? { status: answer.status, error: 'Error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    queue: (path, ...answers) => queued.set(path, [...(queued.get(path) ?? []), ...answers]),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer: a JSON body (or a string sent as is), a silence, or a dropped socket. */
export interface ReplayAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answer: the client has to time out. */
  hang?: boolean;
  /** Close the connection without an answer: a network error for the client. */
  drop?: boolean;
}

export interface ReplayedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ReplayServer {
  /** `http://127.0.0.1:port`, to give the adapters as their base URL. */
  baseUrl: string;
  requests: ReplayedRequest[];
  /** Answers the next requests in turn; the last answer repeats. Clears the request log. */
  answer(...answers: ReplayAnswer[]): void;
  close(): Promise<void>;
}

/** A recorded provider response kept under `tests/support/weather-replays/`. */
export function replay(name: string): unknown {
  const file = new URL(`./weather-replays/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8'));
}

const hourMs = 3_600_000;

/**
 * Open-Meteo's recorded answer moved to start this hour, every hour the same: 18 °C, wind
 * 6 km/h, 40 % cloud, no chance of rain, and `rainMm` an hour (0: dry; 4: heavy enough to
 * make a delivery red).
 */
export function steadyOpenMeteoAnswer(rainMm: number): ReplayAnswer {
  const body = structuredClone(replay('open-meteo-forecast')) as {
    hourly: Record<string, unknown[]> & { time: string[] };
  };
  const { hourly } = body;
  const start = Math.floor(Date.now() / hourMs) * hourMs;
  hourly.time = hourly.time.map((_, i) => new Date(start + i * hourMs).toISOString().slice(0, 16));
  const all = (value: number) => hourly.time.map(() => value);
  Object.assign(hourly, {
    temperature_2m: all(18),
    wind_speed_10m: all(6),
    cloud_cover: all(40),
    precipitation_probability: all(0),
    precipitation: all(rainMm),
  });
  return { body };
}

/** A local HTTP server (127.0.0.1, a free port) replaying provider responses: no internet. */
export async function startReplayServer(): Promise<ReplayServer> {
  let script: ReplayAnswer[] = [];
  const requests: ReplayedRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    const next = script.length > 1 ? script.shift() : script[0];
    if (!next) return send(response, { status: 500, body: { message: 'nothing scripted' } });
    if (next.hang) return;
    if (next.drop) return void request.socket.destroy();
    send(response, next);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(...answers) {
      script = answers;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function send(response: ServerResponse, answer: ReplayAnswer): void {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
  const type = typeof answer.body === 'string' ? 'text/html' : 'application/json; charset=utf-8';
  response.writeHead(answer.status ?? 200, { 'content-type': type, ...answer.headers });
  response.end(text);
}

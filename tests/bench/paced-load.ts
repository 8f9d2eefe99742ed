/**
 * An open-loop load at a fixed rate: request i is sent at start + i / perSecond, whatever the
 * answers before it, over a keep-alive pool of `connections`. Each latency runs from the moment
 * the request was due, not from when a free connection sent it, so a server falling behind
 * shows as latency instead of a slower rate (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each connection's allowance is reset by a 1 s
 * interval, all started together, so the whole second's requests leave in one burst on the
 * second and queue behind each other (at 112/s on this machine, a p95 of 680 ms for a server
 * busy half the time).
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Made fresh for each send (e.g. a unique code). */
  body?: () => string;
}

export interface PacedResult {
  /** Milliseconds from each request's due time to its whole answer. */
  times: number[];
  /** The same, for each of the calls (by their index). */
  timesByCall: number[][];
  /** Answers by status (connection failures under 0). */
  statuses: Map<number, number>;
  sent: number;
  seconds: number;
}

/**
 * Sends one request; resolves with its status, or -1 when the connection failed. A keep-alive
 * socket the server closed as the request left (its idle time-out) is a race every client
 * meets: as browsers do, and as Node's documentation advises, such a request is sent again once
 * on a fresh socket.
 */
function send(
  agent: Agent,
  origin: URL,
  call: PacedRequest,
  body = call.body?.(),
): Promise<number> {
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        agent,
        host: origin.hostname,
        port: origin.port,
        method: call.method,
        path: call.path,
        headers: body
          ? { ...call.headers, 'content-length': Buffer.byteLength(body) }
          : call.headers,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(-1));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (outgoing.reusedSocket && error.code === 'ECONNRESET') {
        resolve(send(agent, origin, call, body));
      } else {
        resolve(-1);
      }
    });
    outgoing.end(body);
  });
}

/** Sends `calls` in turn at `perSecond` for `seconds`, and resolves when every answer is in. */
export async function pacedLoad(
  originText: string,
  calls: readonly PacedRequest[],
  perSecond: number,
  seconds: number,
  connections: number,
): Promise<PacedResult> {
  const origin = new URL(originText);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const times: number[] = [];
  const timesByCall = calls.map((): number[] => []);
  const statuses = new Map<number, number>();
  const total = Math.round(perSecond * seconds);
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const call = calls[i % calls.length]!;
    pending.push(
      send(agent, origin, call).then((status) => {
        times.push(performance.now() - due);
        timesByCall[i % calls.length]!.push(performance.now() - due);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { times, timesByCall, statuses, sent: total, seconds: (performance.now() - start) / 1000 };
}

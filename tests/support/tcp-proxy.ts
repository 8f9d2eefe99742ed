import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Plays a stopped server: open connections are cut and new ones refused. */
  stop(): Promise<void>;
  /** Plays the server coming back on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 in front of `target`: to the app behind it, stopping the proxy looks
 * exactly like its database server stopping (connections reset, then refused), without
 * stopping the server every other test shares.
 */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;

  const listen = async () => {
    const listening = createServer((client) => {
      const upstream = createConnection(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    listening.listen(port, '127.0.0.1');
    await once(listening, 'listening');
    port = (listening.address() as { port: number }).port;
    server = listening;
  };

  const stop = async () => {
    const stopping = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (stopping) await new Promise((resolve) => stopping.close(resolve));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    start: listen,
    close: stop,
  };
}

/** A proxy in front of the PostgreSQL server of `databaseUrl`, and the URL that goes through it. */
export async function databaseBehindProxy(
  databaseUrl: string,
): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(databaseUrl);
  const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(databaseUrl);
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  return { proxy, url: throughProxy.toString() };
}

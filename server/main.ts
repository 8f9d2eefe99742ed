import { loadConfig } from './config/config';
import { isLoopbackHost, openAddress } from './config/open-address';
import { createServer } from './server';

const minimumNodeMajor = 22;

/** Entry point: configure, build, listen, and shut down gracefully on SIGTERM or SIGINT. */
async function main() {
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < minimumNodeMajor) {
    throw new Error(
      `Node.js ${process.versions.node} is too old: the server needs ${minimumNodeMajor} or newer ` +
        '(24 recommended). Start it with `npm start`, which uses the Node that `npm ci` installed.',
    );
  }
  const config = loadConfig();
  const app = await createServer({ config });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // The last resort: a fault that escaped every handler is logged and the server keeps
  // serving its other requests (a database connection's stray 'error', a library's timer),
  // rather than ending every user's work at once.
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'unhandled rejection'),
  );
  process.on('uncaughtException', (error, origin) =>
    app.log.error({ err: error, origin }, 'uncaught exception; the server keeps serving'),
  );

  const address = await app.listen({ port: config.port, host: config.host });
  const port = Number(new URL(address).port);
  app.log.info(
    { address, database: app.database.kind, dataDir: config.dataDir, demo: config.demo },
    `Open ${openAddress({ host: config.host, port, publicUrl: config.publicUrl })} in a browser`,
  );
  if (config.demo && !isLoopbackHost(config.host)) {
    app.log.warn(
      { host: config.host },
      'demo mode is on and the server is reachable from the network: anyone who can reach it ' +
        'can sign in as a demo administrator. Set DEMO=0 and change the demo passwords.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

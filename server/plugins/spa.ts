import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiPath } from './api-paths';

export interface SpaPluginOptions {
  /** The built browser app: index.html plus hashed files under assets/. */
  root: string;
}

/**
 * Serves the browser app: hashed assets cached for a year, index.html never cached, each
 * as the build's brotli or gzip copy when the browser accepts it, and
 * index.html for any other GET (history fallback). Unknown `api/*` and `odata/*` paths
 * answer 404 JSON instead.
 */
export const spaPlugin = fp<SpaPluginOptions>(
  async (app: FastifyInstance, { root }) => {
    const hasApp = existsSync(path.join(root, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes `.br` and `.gz` beside each text file; sent with Vary: Accept-Encoding.
        preCompressed: true,
        // The build stamp and any other dotfile stay private.
        dotfiles: 'ignore',
        setHeaders(reply, sentPath) {
          const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          const cacheControl = immutable
            ? 'public, max-age=31536000, immutable'
            : filePath.endsWith('.html')
              ? 'no-cache'
              : 'public, max-age=3600';
          reply.header('Cache-Control', cacheControl);
        },
      });
    } else {
      app.log.warn({ root }, 'browser app not built: run `npm run build`');
    }

    const sendIndex = (reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', root, { maxAge: 0 });

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (apiPath.test(url) || !wantsPage) {
        return reply.status(404).send({ Message: `No resource at ${request.method} ${url}.` });
      }
      if (path.extname(url) !== '' && !url.endsWith('.html')) {
        // A missing file (old asset, typo) must not turn into the app's HTML.
        return reply.status(404).send({ Message: `No file at ${url}.` });
      }
      if (!hasApp) {
        return reply
          .status(503)
          .send({ Message: 'The browser app has not been built. Run `npm run build`.' });
      }
      return sendIndex(reply);
    });
  },
  { name: 'spa' },
);

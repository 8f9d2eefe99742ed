import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityHeadersPlugin } from '../../server/plugins/security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } },
  crossOriginEmbedderPolicy: false,
};

describe('the security headers, built once', () => {
  it('are helmet’s, on answers, errors and unknown paths alike', async () => {
    const app = Fastify({ logger: false });
    await app.register(securityHeadersPlugin, options);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
          "frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';" +
          "script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
      );
      expect(res.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('refuse a directive computed per request, which has no fixed value', async () => {
    const app = Fastify({ logger: false });
    const nonce = () => "'nonce-abc'";
    await expect(
      app.register(securityHeadersPlugin, {
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } },
      }),
    ).rejects.toThrow(/no directive may be a function/);
  });
});

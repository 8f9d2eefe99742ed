import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { mapSettingsPath, mapSettingsSchema, type MapSettings } from '#metadata';
import type { AppConfig } from '../../../config/config';

export interface MapRoutesOptions {
  config: Pick<AppConfig, 'mapTileUrl' | 'mapTileAttribution'>;
}

/**
 * The Content-Security-Policy `img-src` source that lets the page load a tile template's
 * images: its origin, a first label holding a placeholder (`{s}`, `tiles-{s}`) written `*.`;
 * the scheme alone when the host is anything else (a placeholder further in), so nothing of the template
 * but a plain host name and port ever reaches the header.
 *
 * @example
 * tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png'); // 'https://*.tile.example.org'
 */
export function tileImageSource(template: string): string {
  const [, scheme = 'https', host = ''] = /^(https?):\/\/([^/?#]+)/.exec(template) ?? [];
  // CSP allows a wildcard only as the whole first label: `tiles-{s}.example.org` is `*.example.org`.
  const wildcard = host.replace(/^[^.]*\{[^}]+\}[^.]*\./, '*.');
  const plain = /^(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:\d{1,5})?$/.test(wildcard);
  return plain ? `${scheme}://${wildcard}` : `${scheme}:`;
}

/** `GET api/Map/GetMapSettings`: the deliveries map's tile server, for anyone signed in. */
export async function mapRoutes(fastify: FastifyInstance, { config }: MapRoutesOptions) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const settings: MapSettings = {
    TileUrl: config.mapTileUrl,
    Attribution: config.mapTileAttribution,
  };
  app.get(
    mapSettingsPath,
    {
      config: { permission: 'authorized' },
      schema: { response: { 200: mapSettingsSchema } },
    },
    async () => settings,
  );
}

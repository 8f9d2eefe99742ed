import type { FromSchema } from 'json-schema-to-ts';

/** Where the browser reads the map settings. */
export const mapSettingsPath = '/api/Map/GetMapSettings';

/**
 * The deliveries map's server settings: a tile server (an `{z}/{x}/{y}` URL template) and its
 * attribution (plain text), both null unless the operator configured them; without tiles the
 * map draws its built-in outline only, so it works offline.
 */
export const mapSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['TileUrl', 'Attribution'],
  properties: {
    TileUrl: { type: ['string', 'null'] },
    Attribution: { type: ['string', 'null'] },
  },
} as const;

export type MapSettings = FromSchema<typeof mapSettingsSchema>;

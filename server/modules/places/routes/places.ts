import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { geolocationSchema, weatherMessages, weatherSiteSchema } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { cachedSetting } from '../../settings/index';
import { nearestSites } from '../nearest-sites';
import { resolvePostcode } from '../postcodes';

const pointProperties = {
  latitude: { type: 'number', minimum: -90, maximum: 90 },
  longitude: { type: 'number', minimum: -180, maximum: 180 },
} as const;

const nearestQuery = {
  type: 'object',
  required: ['latitude', 'longitude'],
  properties: pointProperties,
} as const;

const nNearestQuery = {
  type: 'object',
  required: ['latitude', 'longitude'],
  properties: { ...pointProperties, n: { type: 'integer', minimum: 1, maximum: 50, default: 6 } },
} as const;

const postcodeQuery = {
  type: 'object',
  required: ['postcode'],
  properties: { postcode: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

const invalidPostcode = (code: 'BadRequest' | 'NotFound') =>
  new AppError(code, weatherMessages.invalidPostcode, [
    { Field: 'postcode', Message: weatherMessages.invalidPostcode },
  ]);

/**
 * Forecast sites near a point, and where a postcode is, for anyone signed in:
 * - `GET api/WeatherForecast/GetNearest?latitude&longitude`: the nearest active site (an object);
 * - `GET api/WeatherForecast/GetNNearest?latitude&longitude&n=6`: the n nearest (1-50), nearest
 *   first, each with its great-circle `distance` in km;
 * - `GET api/WeatherForecast/GetGeolocationByPostcode?postcode`: a postcode or outcode's point,
 *   404 'Invalid postcode' when it is none (400 when missing or too long).
 */
export async function weatherPlacesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/WeatherForecast/GetNearest',
    {
      config: { permission: 'authorized' },
      schema: { querystring: nearestQuery, response: { 200: weatherSiteSchema } },
    },
    async (request) => {
      const [nearest] = await nearestSites(
        app.db,
        request.query.latitude,
        request.query.longitude,
        1,
      );
      if (!nearest) throw new AppError('NotFound', 'There are no active forecast sites.');
      return nearest;
    },
  );

  app.get(
    '/api/WeatherForecast/GetNNearest',
    {
      config: { permission: 'authorized' },
      schema: {
        querystring: nNearestQuery,
        response: { 200: { type: 'array', items: weatherSiteSchema } },
      },
    },
    async (request) => {
      const { latitude, longitude, n } = request.query;
      return nearestSites(app.db, latitude, longitude, n);
    },
  );

  app.get(
    '/api/WeatherForecast/GetGeolocationByPostcode',
    {
      config: { permission: 'authorized' },
      schema: { querystring: postcodeQuery, response: { 200: geolocationSchema } },
      // The screen shows one message whatever is wrong with the postcode.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError || !request.query.postcode.trim()) {
        throw invalidPostcode('BadRequest');
      }
      const lookupUrl = await cachedSetting<unknown>(app.db, 'Weather.PostcodeLookupUrl', '');
      const location = await resolvePostcode(app.db, request.query.postcode, {
        lookupUrl: typeof lookupUrl === 'string' ? lookupUrl.trim() : '',
        log: request.log,
      });
      if (!location) throw invalidPostcode('NotFound');
      return location;
    },
  );
}

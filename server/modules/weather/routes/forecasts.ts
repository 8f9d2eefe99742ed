import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { forecastSchema, weatherMessages } from '#metadata';
import { AppError } from '../../../errors/app-error';
import { forecastForPoint, forecastForSite } from '../forecasts';

const siteQuery = {
  type: 'object',
  required: ['siteId'],
  properties: { siteId: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const pointQuery = {
  type: 'object',
  required: ['latitude', 'longitude'],
  properties: {
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
  },
} as const;

const forecastNotFound = () => new AppError('NotFound', weatherMessages.forecastNotFound);

/**
 * Forecasts, for anyone signed in:
 * - `GET api/WeatherForecast/GetWeatherForecast?siteId`: an active site's cached forecast from
 *   the current hour on (fetched first when there is none); 404 'The weather site does not
 *   exist.' for an unknown site, 404 with the screen's "not found at the moment" when the
 *   provider fails and nothing is cached;
 * - `GET api/WeatherForecast/GetOpenWeatherMapWeatherForecastByCoord?latitude&longitude`: a
 *   point's forecast straight from the configured provider (the legacy name is kept; the
 *   provider is whichever `Weather.Provider` names).
 */
export async function weatherForecastRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(
    '/api/WeatherForecast/GetWeatherForecast',
    {
      config: { permission: 'authorized' },
      schema: { querystring: siteQuery, response: { 200: forecastSchema } },
    },
    async (request) => {
      const forecast = await forecastForSite(app.db, request.query.siteId, { log: request.log });
      if (!forecast) throw forecastNotFound();
      return forecast;
    },
  );

  app.get(
    '/api/WeatherForecast/GetOpenWeatherMapWeatherForecastByCoord',
    {
      config: { permission: 'authorized' },
      schema: { querystring: pointQuery, response: { 200: forecastSchema } },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      const forecast = await forecastForPoint(
        app.db,
        { latitude, longitude },
        { log: request.log },
      );
      if (!forecast) throw forecastNotFound();
      return forecast;
    },
  );
}

import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
} from '../db/unavailable';
import { definitionRaceMessage, isDefinitionRace } from '../db/definition-race';
import { AppError } from '../errors/app-error';
import { toFieldErrors } from '../errors/field-errors';

/**
 * One error handler: expected errors answer with their status and `Message` (and `Retry-After`
 * when they carry one); schema violations with 400 and the fields at fault; anything else with
 * 500, a generic `ExceptionMessage` and the request id, never a stack trace or SQL. A database
 * that went away answers 503 with `Retry-After`: the client may send the call again. A
 * statement that met a data source changed under it answers 409 (see isDefinitionRace).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const { retryAfterSeconds } = error.options;
        if (retryAfterSeconds !== undefined) reply.header('Retry-After', retryAfterSeconds);
        return reply.status(error.statusCode).send({
          Message: error.message,
          ...(error.options.asException ? { ExceptionMessage: error.message } : {}),
          ...(error.fieldErrors.length > 0 ? { Errors: error.fieldErrors } : {}),
          ...error.options.flags,
        });
      }
      if (error.validation) {
        const errors = toFieldErrors(error.validation, error.validationContext);
        const summary = errors.map((e) => `${e.Field} ${e.Message}`).join('; ');
        return reply.status(400).send({ Message: `Invalid request: ${summary}`, Errors: errors });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', databaseRetryAfterSeconds);
        return reply.status(503).send({ Message: databaseUnavailableMessage });
      }
      if (isDefinitionRace(error)) {
        request.log.warn({ err: error }, 'a data source changed under the request');
        return reply.status(409).send({ Message: definitionRaceMessage });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, body too large, wrong content type).
        return reply.status(status).send({ Message: error.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(status >= 500 ? status : 500).send({
        Message: 'An error has occurred.',
        ExceptionMessage: `The server could not complete the request (reference ${request.id}).`,
      });
    });
  },
  { name: 'errors' },
);

import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * What the server logs of each request: at `info` only what a person should look at (a
 * request that failed or took longer than `slowMs`, refused connections while closing), and
 * every request's arrival and completion at `debug` (`LOG_LEVEL=debug` shows them all).
 * Logging two lines for every call at `info` buried the errors and cost every request
 * server time.
 */
export class RequestLogController extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super();
    this.#slowMs = slowMs;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime }, 'request errored');
    } else if (responseTime >= this.#slowMs) {
      reply.log.info({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'route not found');
  }
}

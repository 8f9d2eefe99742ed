import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  captchaLoginRequestSchema,
  loginRequestSchema,
  loginResultSchema,
  type LoginRequest,
  type LoginResult,
} from '#metadata';
import { limitAcrossAddresses } from '../../../plugins/rate-limits';
import { createCaptchaChallenge } from '../../../security/captcha';
import type { ModuleOptions } from '../../module';
import { trustedDeviceFor } from '../device-trust';
import { attemptLogin } from '../password-login';
import { securitySettings } from '../security-settings';

/** An ALTCHA challenge. Its signature covers every parameter, so none may be left out. */
const captchaChallengeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['parameters'],
  properties: {
    parameters: {
      type: 'object',
      additionalProperties: true,
      required: ['algorithm', 'cost', 'keyLength', 'keyPrefix', 'nonce', 'salt'],
      properties: {
        algorithm: { type: 'string' },
        cost: { type: 'integer' },
        expiresAt: { type: 'integer' },
        keyLength: { type: 'integer' },
        keyPrefix: { type: 'string' },
        keySignature: { type: 'string' },
        nonce: { type: 'string' },
        salt: { type: 'string' },
      },
    },
    signature: { type: 'string' },
  },
} as const;

/** The password provider's calls: the login form (with a captcha when asked) and the captcha. */
export async function passwordLoginRoutes(
  fastify: FastifyInstance,
  { config, secrets }: ModuleOptions,
) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const authRateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const everySignIn = limitAcrossAddresses(app, {
    max: config.authGlobalRateLimitPerMinute ?? (() => app.hashing.capacityPerMinute()),
    refusal: 'Too many people are signing in just now',
    exempt: (request) => {
      const name = (request.body as Partial<LoginRequest> | undefined)?.User;
      return typeof name === 'string' && !!trustedDeviceFor(request, secrets.jwtSecret, name);
    },
  });

  const login = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: LoginRequest & { ReCaptcha?: string },
  ): Promise<LoginResult> => {
    const { flag: failure, ...answer } = await attemptLogin(
      { request, reply, config },
      { serverSecret: secrets.jwtSecret, hashing: app.hashing },
      {
        User: body.User,
        Pass: body.Pass,
        Save: body.Save ?? false,
        FingerPrint: body.FingerPrint ?? undefined,
        ReCaptcha: body.ReCaptcha,
      },
    );
    return failure ? { ...answer, [failure]: true } : answer;
  };

  const loginRoute = (
    url: string,
    bodySchema: typeof loginRequestSchema | typeof captchaLoginRequestSchema,
  ) =>
    app.post(
      url,
      {
        config: { permission: 'everybody', rateLimit: authRateLimit, audited: true },
        preHandler: everySignIn,
        schema: { body: bodySchema, response: { 200: loginResultSchema } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return login(request, reply, request.body as LoginRequest);
      },
    );
  loginRoute('/api/auth/login', loginRequestSchema);
  loginRoute('/api/auth/LoginWithRecaptcha', captchaLoginRequestSchema);

  app.get(
    '/api/auth/captcha/challenge',
    {
      config: { permission: 'everybody', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { response: { 200: captchaChallengeSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const settings = await securitySettings(app.db);
      const { parameters, signature } = await createCaptchaChallenge(
        secrets.jwtSecret,
        settings.captcha,
      );
      return { parameters: { ...parameters }, signature };
    },
  );
}

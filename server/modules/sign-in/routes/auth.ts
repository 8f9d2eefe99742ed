import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  captchaLoginRequestSchema,
  demoAccounts,
  demoPassword,
  loginRequestSchema,
  loginResultSchema,
  type LoginRequest,
  type LoginResult,
} from '#metadata';
import type { AppConfig } from '../../../config/config';
import type { Secrets } from '../../../config/secrets';
import { limitAcrossAddresses } from '../../../plugins/rate-limits';
import { clearSessionCookie, setSessionCookie } from '../../../plugins/session-cookie';
import { revokeSession } from '../repositories/sessions';
import { getSetting } from '../../settings/index';
import { createCaptchaChallenge } from '../../../security/captcha';
import { attemptLogin } from '../password-login';
import { securitySettings } from '../security-settings';

export interface AuthRoutesOptions {
  config: AppConfig;
  secrets: Secrets;
}

const flag = { type: 'boolean' } as const;

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

export async function authRoutes(fastify: FastifyInstance, { config, secrets }: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const authRateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const everySignIn = limitAcrossAddresses(
    app,
    config.authGlobalRateLimitPerMinute,
    'Too many people are signing in just now',
  );
  const hashing = app.hashing;

  const login = async (
    request: FastifyRequest,
    body: LoginRequest & { ReCaptcha?: string },
  ): Promise<{
    result: LoginResult;
    session?: { id: string; remember: boolean; expiresAt: Date };
  }> => {
    const context = { serverSecret: secrets.jwtSecret, hashing };
    const { result, session } = await attemptLogin(app.db, context, {
      User: body.User,
      Pass: body.Pass,
      Save: body.Save ?? false,
      FingerPrint: body.FingerPrint ?? undefined,
      ReCaptcha: body.ReCaptcha,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      httpMethod: request.method,
    });
    const { flag: failure, ...answer } = result;
    return { result: failure ? { ...answer, [failure]: true } : answer, session };
  };

  const loginRoute = (
    url: string,
    bodySchema: typeof loginRequestSchema | typeof captchaLoginRequestSchema,
  ) =>
    app.post(
      url,
      {
        config: { permission: 'everybody', rateLimit: authRateLimit, audited: true },
        preParsing: everySignIn,
        schema: { body: bodySchema, response: { 200: loginResultSchema } },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const { result, session } = await login(request, request.body as LoginRequest);
        if (session) {
          if (request.sessionId) await revokeSession(app.db, request.sessionId);
          await setSessionCookie(request, reply, session, config.publicUrl);
        }
        return result;
      },
    );
  loginRoute('/api/auth/login', loginRequestSchema);
  loginRoute('/api/auth/LoginWithRecaptcha', captchaLoginRequestSchema);

  app.post(
    '/api/auth/logout',
    {
      config: { permission: 'everybody' },
      schema: { response: { 204: { description: 'Signed out', type: 'null' } } },
    },
    async (request, reply) => {
      if (request.sessionId) await revokeSession(app.db, request.sessionId);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

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

  app.get(
    '/api/auth/LoginOptions',
    {
      config: { permission: 'everybody' },
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              DemoAccounts: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { Name: { type: 'string' }, Description: { type: 'string' } },
                },
              },
              DemoPassword: { type: ['string', 'null'] },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const demo = await getSetting(app.db, 'App.DemoMode', false);
      return {
        DemoAccounts: demo
          ? demoAccounts.map(({ Name, Description }) => ({ Name, Description }))
          : [],
        DemoPassword: demo ? demoPassword : null,
      };
    },
  );

  const flagRoute = (
    name: string,
    answer: (request: FastifyRequest) => Promise<boolean> | boolean,
  ) =>
    app.get(
      `/api/auth/${name}`,
      { config: { permission: 'everybody' }, schema: { response: { 200: flag } } },
      async (request) => answer(request),
    );
  flagRoute(
    'IsBBWT2AuthAvailable',
    async () => (await securitySettings(app.db)).localSignInEnabled,
  );
  // Single sign-on does not exist yet: nobody is a federated user.
  flagRoute('IsOktaUser', () => false);
  flagRoute('IsOktaUserNotFound', () => false);
  flagRoute('IsSignedUpWithFederation', () => false);
}

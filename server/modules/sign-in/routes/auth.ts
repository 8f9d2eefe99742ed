import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoAccounts, demoPassword } from '#metadata';
import { clearSessionCookie } from '../../../plugins/session-cookie';
import { revokeSession } from '../repositories/sessions';
import { getSetting } from '../../settings/index';
import { securitySettings } from '../security-settings';

const flag = { type: 'boolean' } as const;

/** Signing out and what the sign-in screen asks before anyone signs in. */
export async function authRoutes(app: FastifyInstance) {
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

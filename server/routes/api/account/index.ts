import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config/config';

export interface AccountRoutesOptions {
  config: AppConfig;
}

/** Registration, password recovery and reset by ticket, profile and password change. */
export async function accountRoutes(_app: FastifyInstance, _options: AccountRoutesOptions) {}

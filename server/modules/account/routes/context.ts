import type { AccountMailContext } from '../ticket-mail';

/** What the account route plugins share. */
export interface AccountRouteContext {
  /** Limit of the calls that take or send secrets, per client address and minute. */
  rateLimit: { max: number; timeWindow: string };
  mail: () => AccountMailContext;
}

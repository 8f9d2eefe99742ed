import { ticketScreenPaths } from '#metadata';
import type { AppConfig } from '../../config/config';
import type { TicketPurpose } from '../../db/schema';

/**
 * The address users reach the app at: PUBLIC_URL, else this machine's port. Never taken
 * from a request's Host header, which a caller can forge to send victims to their own site.
 */
export function appBaseUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function ticketLink(baseUrl: string, purpose: TicketPurpose, token: string): string {
  return `${baseUrl}${ticketScreenPaths[purpose]}/${encodeURIComponent(token)}`;
}

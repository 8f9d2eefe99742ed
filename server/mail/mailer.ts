import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  claimOutboxMail,
  insertOutboxMail,
  listRetryableOutboxIds,
  markOutboxFailed,
  markOutboxSent,
} from '../modules/outbox/index';
import type { MailTransport } from './smtp-transport';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The template it was made from, for the outbox list. */
  templateCode?: string;
}

export interface Mailer {
  /**
   * False when no transport at all is configured: mail then stays in the outbox. A transport
   * configured by settings may still be not ready (no SMTP server set) at a given moment.
   */
  readonly configured: boolean;
  /**
   * Stores the message in the outbox and, with SMTP configured, sends it in the background,
   * recording the outcome on the outbox row. Resolves with the outbox id once stored.
   */
  send(message: MailMessage): Promise<number>;
  /**
   * Tries again the stored mails not yet sent (failed earlier, or stored while SMTP was
   * down); never rejects, failures are logged and recorded. The `mail.retry` job runs it.
   */
  deliverPending(): Promise<PendingDelivered>;
  /** Resolves once no delivery is in flight. */
  idle(): Promise<void>;
  /** Stops retrying, waits for deliveries in flight and closes the transport. */
  close(): Promise<void>;
}

/** What a round of retries did: mails tried, and sent of those. */
export interface PendingDelivered {
  tried: number;
  sent: number;
}

export interface MailerOptions {
  db: Kysely<Database>;
  /** null: no SMTP, mail lands in the outbox only. */
  transport: MailTransport | null;
  from: string;
  log: FastifyBaseLogger;
  maxAttempts?: number;
  /** Pause between two attempts at the same mail. */
  retryAfterMs?: number;
  /** Mail older than this is no longer retried. */
  maxAgeMs?: number;
  /**
   * How long closing waits for deliveries in flight. A delivery stuck on a database that went
   * first must not keep the server from stopping; what it did not finish stays in the outbox.
   */
  closeWaitMs?: number;
}

/**
 * The application's mail: every message is first stored in the `outbox` table, so nothing is
 * lost when SMTP fails, then sent through the transport when there is one.
 *
 * @example
 * const mailer = createMailer({ db, transport: createSmtpTransport(url), from, log });
 * await mailer.send({ to: 'jo@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
 */
export function createMailer({
  db,
  transport,
  from,
  log,
  maxAttempts = 5,
  retryAfterMs = 5 * 60_000,
  maxAgeMs = 24 * 3_600_000,
  closeWaitMs = 3_000,
}: MailerOptions): Mailer {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  const ready = async () => transport !== null && (!transport.ready || (await transport.ready()));

  /** Sends one stored mail; true once sent. */
  const deliver = async (id: number): Promise<boolean> => {
    if (!transport || !(await ready())) return false;
    const mail = await claimOutboxMail(db, id, new Date(Date.now() - retryAfterMs));
    if (!mail) return false;
    try {
      await transport.send({ from, ...mail });
      await markOutboxSent(db, id);
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ outboxId: id, err: error }, 'mail could not be sent; it stays in the outbox');
      await markOutboxFailed(db, id, reason.slice(0, 1000));
      return false;
    }
  };

  const track = <T>(work: Promise<T>, failed: T): Promise<T> => {
    const tracked = work.catch((error: unknown) => {
      log.error({ err: error }, 'mail delivery failed');
      return failed;
    });
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return tracked;
  };

  const retryUnsent = async (): Promise<PendingDelivered> => {
    if (!transport || closed || !(await ready())) return { tried: 0, sent: 0 };
    const ids = await listRetryableOutboxIds(db, {
      maxAttempts,
      retryBefore: new Date(Date.now() - retryAfterMs),
      createdAfter: new Date(Date.now() - maxAgeMs),
      limit: 50,
    });
    let sent = 0;
    for (const id of ids) if (await deliver(id)) sent += 1;
    return { tried: ids.length, sent };
  };

  const deliverPending = () => track(retryUnsent(), { tried: 0, sent: 0 });

  return {
    configured: transport !== null,
    async send(message) {
      const id = await insertOutboxMail(db, {
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        templateCode: message.templateCode ?? null,
      });
      if (transport && !closed) void track(deliver(id), false);
      return id;
    },
    deliverPending,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async close() {
      closed = true;
      let waiting: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        this.idle().then(() => false),
        new Promise<boolean>((resolve) => {
          waiting = setTimeout(() => resolve(true), closeWaitMs);
        }),
      ]);
      clearTimeout(waiting);
      if (gaveUp) {
        log.warn(
          { inFlight: inFlight.size },
          'mail deliveries still running at close; left in the outbox',
        );
      }
      transport?.close();
    },
  };
}

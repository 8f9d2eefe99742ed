import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  claimOutboxMail,
  insertOutboxMail,
  listRetryableOutboxIds,
  markOutboxFailed,
  markOutboxSent,
} from '../repositories/outbox';
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
   * down); never rejects, failures are logged and recorded.
   */
  deliverPending(): Promise<void>;
  /** Resolves once no delivery is in flight. */
  idle(): Promise<void>;
  /** Stops retrying, waits for deliveries in flight and closes the transport. */
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Kysely<Database>;
  /** null: no SMTP, mail lands in the outbox only. */
  transport: MailTransport | null;
  from: string;
  log: FastifyBaseLogger;
  maxAttempts?: number;
  /** Pause between two attempts at the same mail, and between retry rounds. */
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
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  const ready = async () => transport !== null && (!transport.ready || (await transport.ready()));

  const deliver = async (id: number) => {
    if (!transport || !(await ready())) return;
    const mail = await claimOutboxMail(db, id, new Date(Date.now() - retryAfterMs));
    if (!mail) return;
    try {
      await transport.send({ from, ...mail });
      await markOutboxSent(db, id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ outboxId: id, err: error }, 'mail could not be sent; it stays in the outbox');
      await markOutboxFailed(db, id, reason.slice(0, 1000));
    }
  };

  const track = (work: Promise<void>): Promise<void> => {
    const tracked = work.catch((error: unknown) => {
      log.error({ err: error }, 'mail delivery failed');
    });
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return tracked;
  };

  const retryUnsent = async () => {
    if (!transport || closed || !(await ready())) return;
    const ids = await listRetryableOutboxIds(db, {
      maxAttempts,
      retryBefore: new Date(Date.now() - retryAfterMs),
      createdAfter: new Date(Date.now() - maxAgeMs),
      limit: 50,
    });
    for (const id of ids) await deliver(id);
  };

  const deliverPending = () => track(retryUnsent());
  const retryEveryMs = Math.max(retryAfterMs, 60_000);
  const timer = transport ? setInterval(() => void deliverPending(), retryEveryMs) : null;
  timer?.unref();

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
      if (transport && !closed) void track(deliver(id));
      return id;
    },
    deliverPending,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
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

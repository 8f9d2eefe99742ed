import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSecurity } from '#metadata';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where mail leaves the application; the outbox calls it for every stored message. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Whether mail can leave now; false: it stays in the outbox, untried. Absent: always.
   * A transport configured by settings is ready only while a server is configured.
   */
  ready?(): Promise<boolean>;
  close(): void;
}

/** An SMTP server as the `Email.*` settings describe it. */
export interface SmtpOptions {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  password: string;
}

export interface SmtpTimeouts {
  connectionTimeout: number;
  greetingTimeout: number;
  socketTimeout: number;
}

const defaultTimeouts: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

function nodemailerTransport(
  options: string | SMTPTransport.Options,
  timeouts = defaultTimeouts,
): MailTransport {
  const transporter =
    typeof options === 'string'
      ? nodemailer.createTransport({ url: options, ...timeouts })
      : nodemailer.createTransport({ ...options, ...timeouts });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Nodemailer over SMTP, configured by one URL: `smtp://user:pass@host:587` (STARTTLS when
 * the server offers it) or `smtps://…:465` (TLS from the start).
 *
 * @example const transport = createSmtpTransport('smtp://mailer:secret@mail.example.com:587');
 */
export function createSmtpTransport(url: string, timeouts?: SmtpTimeouts): MailTransport {
  return nodemailerTransport(url, timeouts);
}

/**
 * Nodemailer over SMTP from settings: `tls` connects with TLS, `starttls` insists on upgrading
 * the connection, `none` never upgrades (a server on the same machine or network only).
 *
 * @example createSmtpTransportFrom({ host: 'mail.example.com', port: 587, security: 'starttls', user: 'mailer', password })
 */
export function createSmtpTransportFrom(
  options: SmtpOptions,
  timeouts?: SmtpTimeouts,
): MailTransport {
  return nodemailerTransport(
    {
      host: options.host,
      port: options.port,
      secure: options.security === 'tls',
      requireTLS: options.security === 'starttls',
      ignoreTLS: options.security === 'none',
      auth: options.user ? { user: options.user, pass: options.password } : undefined,
    },
    timeouts,
  );
}

export interface ConfiguredTransportOptions {
  /** The `Email.*` SMTP settings now (cached reads); null when no host is set. */
  smtpSettings: () => Promise<(SmtpOptions & { from: string }) | null>;
  /** `SMTP_URL`, used while no SMTP host is set in the settings. */
  fallbackUrl: string | null;
}

/**
 * The application's transport: the SMTP server of the `Email.*` settings when a host is set,
 * else `SMTP_URL`, else none (mail stays in the outbox). The settings are read for every mail,
 * so a saved change applies to the next one; a transport is kept while its settings stay the
 * same. `Email.FromAddress`, when set, is the sender.
 */
export function createConfiguredTransport({
  smtpSettings,
  fallbackUrl,
}: ConfiguredTransportOptions): MailTransport {
  const fallback = fallbackUrl ? createSmtpTransport(fallbackUrl) : null;
  let current: { key: string; transport: MailTransport } | null = null;

  const pick = async (): Promise<{ transport: MailTransport; from: string } | null> => {
    const settings = await smtpSettings();
    if (!settings) return fallback ? { transport: fallback, from: '' } : null;
    const { from, ...options } = settings;
    const key = JSON.stringify(options);
    if (current?.key !== key) {
      current?.transport.close();
      current = { key, transport: createSmtpTransportFrom(options) };
    }
    return { transport: current.transport, from };
  };

  return {
    async ready() {
      return (await pick()) !== null;
    },
    async send(mail) {
      const picked = await pick();
      if (!picked) throw new Error('No SMTP server is configured.');
      await picked.transport.send({ ...mail, from: picked.from || mail.from });
    },
    close() {
      current?.transport.close();
      fallback?.close();
    },
  };
}

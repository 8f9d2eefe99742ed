import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The message as it came over the wire. */
  raw: Buffer;
}

export interface SmtpCaptureOptions {
  /** 0: any free port. */
  port?: number;
  host?: string;
  /** Credentials the server demands; without them it takes anyone. */
  user?: string;
  password?: string;
  /** Called with each mail as it arrives. */
  onMail?: (mail: CapturedMail) => void | Promise<void>;
}

/**
 * A real SMTP server on the loopback interface that keeps what it receives, for tests that
 * follow mailed links. No TLS; with credentials, plain AUTH over the loopback is allowed.
 *
 * @example
 * const smtp = await startSmtpCapture({ user: 'mailer', password: 'secret' });
 * const app = await createTestApp({ env: { SMTP_URL: smtp.url } });
 * const mail = await smtp.waitFor('jo@example.com');
 */
export async function startSmtpCapture({
  port = 0,
  host = '127.0.0.1',
  user,
  password,
  onMail,
}: SmtpCaptureOptions = {}) {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !user,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid user name or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            const mail: CapturedMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
              raw,
            };
            mails.push(mail);
            await onMail?.(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  const credentials = user
    ? `${encodeURIComponent(user)}:${encodeURIComponent(password ?? '')}@`
    : '';

  return {
    port: address.port,
    /** The SMTP_URL that reaches this server. */
    url: `smtp://${credentials}${host}:${address.port}`,
    mails,
    /** The first mail (after `skip` earlier ones) to an address; rejects after the timeout. */
    async waitFor(to: string, { timeoutMs = 10_000, skip = 0 } = {}): Promise<CapturedMail> {
      const find = () => mails.filter((mail) => mail.to.includes(to.toLowerCase()))[skip];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms.`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

/** The first link in a mail's text that points at `path`, e.g. `/resetpassword/`. */
export function linkIn(mail: CapturedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s)"<>]*${path}[^\\s)"<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link to ${path} in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

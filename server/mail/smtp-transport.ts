import nodemailer from 'nodemailer';

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
  close(): void;
}

/**
 * Nodemailer over SMTP, configured by one URL: `smtp://user:pass@host:587` (STARTTLS when
 * the server offers it) or `smtps://…:465` (TLS from the start).
 *
 * @example const transport = createSmtpTransport('smtp://mailer:secret@mail.example.com:587');
 */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

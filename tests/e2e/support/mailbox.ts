import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSmtpCapture, type CapturedMail } from '../../support/smtp-capture';

/** Where the e2e server's SMTP capture writes each mail it receives (JSON plus raw .eml). */
export const mailDir = path.resolve(process.env.E2E_RESULTS ?? 'test-results', 'e2e-mail');
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);

export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/**
 * Starts the SMTP server the e2e app sends to, on a fixed local port, and points the app at
 * it (SMTP_URL; links to the address the browser uses). Received mails land in `mailDir`.
 */
export async function startE2eMailbox(): Promise<void> {
  await rm(mailDir, { recursive: true, force: true });
  await mkdir(mailDir, { recursive: true });
  let count = 0;
  const smtp = await startSmtpCapture({
    port: e2eSmtpPort,
    onMail: async (mail: CapturedMail) => {
      const name = `${Date.now()}-${String(count++).padStart(4, '0')}`;
      const stored: StoredMail = { ...mail, receivedAt: Date.now() };
      await writeFile(path.join(mailDir, `${name}.eml`), mail.raw);
      await writeFile(
        path.join(mailDir, `${name}.json`),
        JSON.stringify({ ...stored, raw: undefined }, null, 2),
      );
    },
  });
  process.env.SMTP_URL = smtp.url;
  process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 8080}`;
}

/** The newest mail to an address received after `since`, waiting for it to arrive. */
export async function waitForMail(
  to: string,
  { since = 0, timeoutMs = 15_000 }: { since?: number; timeoutMs?: number } = {},
): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(mailDir)).filter((name) => name.endsWith('.json')).sort();
    for (const name of names.reverse()) {
      const mail = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as StoredMail;
      if (mail.to.includes(to.toLowerCase()) && mail.receivedAt >= since) return mail;
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

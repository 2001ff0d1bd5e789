import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from './ids';

/** `messageId` (`<local@domain>`) is set when a message must be recognisable if it is sent twice. */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; messageId?: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** The domain of MAIL_FROM's address, for the Message-IDs the server makes; `localhost` when it has none. */
export function messageIdDomain(from: string): string {
  const address = /<([^>]*)>\s*$/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim();
  return address.includes('@') && /^[\w.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * SMTP when SMTP_URL is set (pooled: connections are reused across messages); otherwise every message is written as
 * an .eml file under DATA_DIR/outbox, named after its Message-ID when it has one. Created once, at start.
 */
export function createMailer(options: {
  dataDir: string;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  // Half-written messages a crash left: none of them was acknowledged as sent.
  for (const name of readdirSync(outbox))
    if (name.endsWith('.eml.part')) rmSync(join(outbox, name), { force: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const tag = mail.messageId ? `-${mail.messageId.replace(/^<|@.*$/g, '').replace(/[^\w.-]/g, '_')}` : '';
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}${tag}.eml`;
      // Written aside and renamed, so a reader (or a crash) never meets half a message under an .eml name.
      await writeFile(join(outbox, `${file}.part`), info.message as Buffer);
      await rename(join(outbox, `${file}.part`), join(outbox, file));
    },
  };
}

/**
 * Sends after the response has gone, one message at a time, so a slow or failing transport never shapes the answer
 * (timing, status) nor leaves a half-done request to be retried; a failure is logged. Only for the account-deletion
 * link: sent mail goes through the durable queue (mail-queue.ts).
 */
export function sendInBackground(mailer: Mailer, mails: OutgoingMail[]): void {
  void (async () => {
    for (const mail of mails) {
      try {
        await mailer.send(mail);
      } catch (error) {
        console.error(`Could not send "${mail.subject}" to ${mail.to}:`, error);
      }
    }
  })();
}

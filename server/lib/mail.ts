import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { newId } from './ids';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under DATA_DIR/outbox. */
export function createMailer(options: {
  dataDir: string;
  smtpUrl: string | undefined;
  from: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
      await writeFile(join(outbox, file), info.message as Buffer);
    },
  };
}

/**
 * Sends after the response has gone, one message at a time, so a slow or failing transport never shapes the answer
 * (timing, status) nor leaves a half-done request to be retried; a failure is logged.
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

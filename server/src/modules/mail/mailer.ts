import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One outgoing message: Russian subject, HTML and a plain-text part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as DATA_DIR/mail/<time>-<to>.eml and a log
 * line says where, so a developer can sign up locally without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      // Quoted-printable keeps the digits of a code readable in the .eml file.
      const info = await transport.sendMail({
        from: options.from,
        textEncoding: 'quoted-printable',
        ...message,
      });
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = message.to.replace(/[^A-Za-z0-9@._+-]/g, '_');
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ to: message.to, file }, 'mail written to the local outbox (no SMTP_URL)');
    },
    close: () => transport.close(),
  };
}

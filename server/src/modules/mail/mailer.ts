/** Use case: the mail transport (SMTP, or files in DATA_DIR/mail). */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

/** One outgoing message: Russian subject, HTML and a plain-text part. */
export interface MailMessage {
  to: string;
  /**
   * What the message is for (e.g. 'otp:login', 'whitelist_added'): logged instead of the subject, which
   * can carry a one-time code.
   */
  purpose: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Longest outbox file name we write: file systems allow 255 bytes, and an email address can have 254. */
const MAX_FILE_NAME = 200;

/**
 * The outbox file name for a message: `<time>-<address>.eml` when it fits, so
 * `data/mail/*-you@example.com.eml` finds it; otherwise the address is cut and a hash of it added after a
 * `~` (a character no address in our file names has), `<time>-<first part>~<sha256/16>.eml`, and readers
 * match such files by their To: header. Characters outside [A-Za-z0-9@._+-] become `_`, so no name can
 * leave the folder or hide a path.
 */
export function outboxFileName(to: string, at: Date): string {
  const time = at.toISOString().replace(/[:.]/g, '-');
  const safeTo = to.replace(/[^A-Za-z0-9@._+-]/g, '_');
  const plain = `${time}-${safeTo}.eml`;
  if (plain.length <= MAX_FILE_NAME) return plain;
  const hash = createHash('sha256').update(to).digest('hex').slice(0, 16);
  const room = MAX_FILE_NAME - time.length - hash.length - '-~.eml'.length;
  return `${time}-${safeTo.slice(0, room)}~${hash}.eml`;
}

/**
 * The transport the mail outbox's delivery job sends through (mail.service.ts): SMTP when SMTP_URL is set; otherwise each message is written as DATA_DIR/mail/<time>-<to>.eml (see
 * outboxFileName) and a log line says where, so a developer can sign up locally without a mail server.
 * Log lines name the message's purpose and id, never its subject or body (they can carry a code).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  if (options.smtpUrl) {
    // Bounded waits: a mail server that accepts connections but never answers must not hold the delivery
    // job (nodemailer's defaults are minutes).
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      async send({ purpose, ...message }) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.log.info({ purpose, messageId: info.messageId }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ purpose, ...message }) {
      // Quoted-printable keeps the digits of a code readable in the .eml file.
      const info = await transport.sendMail({
        from: options.from,
        textEncoding: 'quoted-printable',
        ...message,
      });
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, outboxFileName(message.to, new Date()));
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.log.info(
        { purpose, messageId: info.messageId, file },
        'mail written to the local outbox (no SMTP_URL)',
      );
    },
    close: () => transport.close(),
  };
}

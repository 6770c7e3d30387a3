import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { otpMail } from './templates.ts';

const log = pino({ level: 'silent' });

describe('mail', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('sends over SMTP with SMTP_URL: HTML and text parts, the code in the body', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Processing <no-reply@test>',
      dataDir: '/nonexistent',
      log,
    });
    await mailer.send(otpMail('person@example.com', 'register', '482913', 10));
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['person@example.com']);
    expect(received[0]!.raw).toMatch(/text\/plain/);
    expect(received[0]!.raw).toMatch(/text\/html/);
    expect(received[0]!.raw).toContain('482913');
  });

  it('writes DATA_DIR/mail/<time>-<to>.eml without SMTP_URL, readable digits included', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Processing <no-reply@test>', dataDir, log });
    await mailer.send(otpMail('person@example.com', 'login', '073311', 10));
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*-person@example\.com\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml.replace(/=\r?\n/g, '')).toMatch(/\b073311\b/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

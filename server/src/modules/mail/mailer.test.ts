import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emailError } from '@app/shared';
import pino from 'pino';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromOutbox } from '../../../test/server-process.ts';
import { type ReceivedMail, smtpReceiver } from '../../../test/smtp-receiver.ts';
import { createMailer, outboxFileName } from './mailer.ts';
import { otpMail } from './templates.ts';

const log = pino({ level: 'silent' });

describe('mail', () => {
  const received: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = smtpReceiver(received);
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

  it('writes a 254-character address to a bounded file name that readers still find by the To: header', async () => {
    const address = `${'a'.repeat(242)}@example.com`;
    expect(address).toHaveLength(254);
    expect(emailError(address)).toBeNull();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Processing <no-reply@test>', dataDir, log });
    await mailer.send(otpMail(address, 'register', '550123', 10));
    await mailer.send(otpMail('short@example.com', 'register', '660123', 10));
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(2);
    for (const file of files) expect(Buffer.byteLength(file)).toBeLessThanOrEqual(200);
    expect(files.some((file) => file.endsWith('-short@example.com.eml'))).toBe(true);
    expect(codeFromOutbox(dataDir, address)).toBe('550123');
    expect(codeFromOutbox(dataDir, 'short@example.com')).toBe('660123');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps outbox names inside the folder whatever the address holds', () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (const to of [
      '../../etc/passwd@x.io',
      'a/b\\c@x.io',
      `${'/..'.repeat(100)}@x.io`,
      'nul\u0000@x.io',
    ]) {
      const name = outboxFileName(to, at);
      expect(name).toMatch(/^[A-Za-z0-9@._+~-]+\.eml$/);
      expect(path.basename(name)).toBe(name);
      expect(name.length).toBeLessThanOrEqual(200);
    }
    expect(outboxFileName('you@example.com', at)).toBe('2026-01-02T03-04-05-678Z-you@example.com.eml');
  });
});

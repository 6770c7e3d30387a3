import fs from 'node:fs';
import path from 'node:path';
import { E2E } from './env.ts';

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text/plain part of an .eml file written by the server's local outbox. */
export function plainText(eml: string): string {
  const parts = eml.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    if (!/content-type:\s*text\/plain/i.test(part)) continue;
    const [headers, ...body] = part.split(/\r?\n\r?\n/);
    const raw = body.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(headers ?? ''))
      return Buffer.from(raw, 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers ?? ''))
      return decodeQuotedPrintable(raw);
    return raw;
  }
  return '';
}

/** The To: address of an .eml file (headers unfolded, angle brackets dropped), lower-cased. */
function recipient(file: string): string {
  const head = fs.readFileSync(file, 'utf8').split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to =
    head
      .replace(/\r?\n[ \t]+/g, ' ')
      .match(/^To:\s*(.+)$/im)?.[1]
      ?.trim() ?? '';
  return (to.match(/<([^>]+)>/)?.[1] ?? to).toLowerCase();
}

/**
 * The outbox files for an address, oldest first: `<time>-<address>.eml`, or for an address too long for a
 * file name `<time>-<cut address>~<hash>.eml`, matched by its To: header.
 */
function mailsTo(email: string): { file: string; mtime: number }[] {
  const outbox = path.join(E2E.dataDir, 'mail');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter(
      (name) =>
        name.endsWith(`-${email}.eml`) ||
        (name.includes('~') && recipient(path.join(outbox, name)) === email.toLowerCase()),
    )
    .map((name) => ({ file: path.join(outbox, name), mtime: fs.statSync(path.join(outbox, name)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime);
}

/** How many messages the outbox holds for an address (take it before an action, pass it to latestCode). */
export function mailCount(email: string): number {
  return mailsTo(email).length;
}

/**
 * Waits for a message to `email` beyond the first `seen` ones and returns its six-digit code.
 */
export async function latestCode(email: string, seen = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = mailsTo(email);
    if (mails.length > seen) {
      const text = plainText(fs.readFileSync(mails.at(-1)!.file, 'utf8'));
      const code = text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email} within ${timeoutMs} ms`);
}

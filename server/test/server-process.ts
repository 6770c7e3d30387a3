import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `src/main.ts` as a real process and waits until /health answers (or the process exits). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: { ...process.env, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A first start runs initdb on a fresh DATA_DIR: tens of seconds on a loaded machine.
  const deadline = Date.now() + 120_000;
  let stopped = false;
  void exited.then(() => (stopped = true));
  while (Date.now() < deadline && !stopped) {
    try {
      const response = await fetch(`${baseUrl}/backend/health`);
      if (response.ok) return { child, baseUrl, output: () => output, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output, exited };
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
 * The newest six-digit code in the local outbox for an address: files `<time>-<address>.eml`, or for an
 * address too long for a file name `<time>-<cut address>~<hash>.eml`, matched by their To: header.
 */
export function codeFromOutbox(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'mail');
  const files = fs
    .readdirSync(outbox)
    .filter(
      (name) =>
        name.endsWith(`-${email}.eml`) ||
        (name.includes('~') && recipient(path.join(outbox, name)) === email.toLowerCase()),
    )
    .sort();
  if (files.length === 0) throw new Error(`no mail for ${email}`);
  const eml = fs.readFileSync(path.join(outbox, files.at(-1)!), 'utf8');
  const text = eml.replace(/=\r?\n/g, '');
  const code = text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${email}`);
  return code;
}

/**
 * codeFromOutbox once the server's mail-delivery job has written the message (it runs every second):
 * polled, with a generous limit for a busy machine.
 */
export async function waitForCodeInOutbox(
  dataDir: string,
  email: string,
  timeoutMs = 30_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return codeFromOutbox(dataDir, email);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

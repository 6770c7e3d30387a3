import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3210);
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = new URL(serverUrl);
const databaseName = `app_e2e_${port}`;
database.pathname = `/${databaseName}`;

/** Where the end-to-end run's server lives; E2E_PORT lets two runs share a machine. */
export const E2E = {
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  apiPrefix: '/backend',
  root: path.resolve(here, '../..'),
  dataDir: path.resolve(here, `../.tmp/data-${port}`),
  adminDatabaseUrl: serverUrl,
  databaseName,
  databaseUrl: database.toString(),
  chainSimPort: port + 1000,
  chainSimUrl: `http://127.0.0.1:${port + 1000}`,
  /** The fake Telegram Bot API (server/test/fake-telegram.ts) the server's bot talks to. */
  telegramPort: port + 3000,
  telegramUrl: `http://127.0.0.1:${port + 3000}`,
  /** The token the server's bot runs with (the fake checks it). */
  telegramToken: '123456789:TEST-fake-telegram-bot-token-0000',
};

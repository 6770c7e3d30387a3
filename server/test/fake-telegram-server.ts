// Runs the fake Telegram Bot API as its own process (the e2e suite's server talks to it through
// TELEGRAM_API_ROOT; its tests inject `/start <key>` through POST /__control/inject).
import { FAKE_BOT_TOKEN, startFakeTelegram } from './fake-telegram.ts';

const flag = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

const fake = await startFakeTelegram({
  port: Number(flag('port') ?? 0),
  token: flag('token') ?? FAKE_BOT_TOKEN,
});
console.log(`fake Telegram Bot API listening on ${fake.url}`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

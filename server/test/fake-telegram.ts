import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Telegram Bot API for tests: a node:http server answering what grammY calls (getMe, getUpdates
 * with offset and long poll, sendMessage, setWebhook, deleteWebhook) at `<url>/bot<token>/<method>`.
 * A test injects incoming messages, reads what the bot sent, and can make the API answer 429 with
 * retry_after or go down (503, or every connection cut). The same controls are served over HTTP under
 * `/__control/` for tests that run the server in another process (the e2e suite).
 */

export const FAKE_BOT_TOKEN = '123456789:TEST-fake-telegram-bot-token-0000';
export const FAKE_BOT_USERNAME = 'fake_processing_bot';

export interface SentMessage {
  chatId: number;
  text: string;
  /** Epoch ms when the fake accepted it. */
  at: number;
}

export interface FakeTelegram {
  /** The Bot API root for TELEGRAM_API_ROOT. */
  url: string;
  port: number;
  /** Messages the bot sent (sendMessage answered ok), oldest first. */
  sent: SentMessage[];
  /** Every method call received, in order (rejected ones included). */
  calls: { method: string; at: number; payload: Record<string, unknown> }[];
  /** Long polls (getUpdates) being answered now, and the most there ever were at once. */
  polls: { inFlight: number; maxInFlight: number };
  /** Queues an incoming private message from a Telegram user; returns its update_id. */
  injectMessage(input: { fromId: number; firstName?: string; username?: string; text: string }): number;
  /** The next `count` sendMessage calls answer 429 with this retry_after (seconds). */
  rateLimitNext(retryAfterS: number, count?: number): void;
  /** 'up' (default), '503' (every call answers 503) or 'reset' (every connection is cut). */
  setMode(mode: 'up' | '503' | 'reset'): void;
  /** Waits until a message to chatId matching `match` was sent; fails after timeoutMs. */
  waitForMessage(chatId: number, match?: RegExp | string, timeoutMs?: number): Promise<SentMessage>;
  close(): Promise<void>;
}

interface Update {
  update_id: number;
  message: Record<string, unknown>;
}

export async function startFakeTelegram(
  options: { port?: number; host?: string; token?: string } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? FAKE_BOT_TOKEN;
  const updates: Update[] = [];
  const waiting = new Set<() => void>();
  const sent: SentMessage[] = [];
  const calls: FakeTelegram['calls'] = [];
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let mode: 'up' | '503' | 'reset' = 'up';
  let limited = 0;
  let retryAfter = 1;
  const polls = { inFlight: 0, maxInFlight: 0 };

  const wakePollers = () => {
    for (const wake of [...waiting]) wake();
  };

  function injectMessage(input: { fromId: number; firstName?: string; username?: string; text: string }) {
    const updateId = nextUpdateId++;
    const firstName = input.firstName ?? 'Тест';
    const command = input.text.match(/^\/\w+/)?.[0];
    updates.push({
      update_id: updateId,
      message: {
        message_id: nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id: input.fromId, type: 'private', first_name: firstName, username: input.username },
        from: { id: input.fromId, is_bot: false, first_name: firstName, username: input.username },
        text: input.text,
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
      },
    });
    wakePollers();
    return updateId;
  }

  const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });

  /** getUpdates: the updates from the offset, waiting up to `timeout` seconds for one to arrive. */
  async function longPoll(payload: Record<string, unknown>) {
    const offset = Number(payload.offset ?? 0);
    // Confirmed updates (below the offset) are forgotten, as Telegram does.
    while (updates.length > 0 && updates[0]!.update_id < offset) updates.shift();
    const deadline = Date.now() + Number(payload.timeout ?? 0) * 1000;
    while (updates.length === 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiting.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, deadline - Date.now());
        waiting.add(wake);
      });
    }
    return ok(updates.filter((update) => update.update_id >= offset).slice(0, 100));
  }

  async function answer(method: string, payload: Record<string, unknown>) {
    switch (method) {
      case 'getMe':
        return ok({
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Processing',
          username: FAKE_BOT_USERNAME,
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
          can_connect_to_business: false,
          has_main_web_app: false,
        });
      case 'getUpdates': {
        polls.inFlight += 1;
        polls.maxInFlight = Math.max(polls.maxInFlight, polls.inFlight);
        try {
          return await longPoll(payload);
        } finally {
          polls.inFlight -= 1;
        }
      }
      case 'sendMessage': {
        if (limited > 0) {
          limited -= 1;
          return {
            status: 429,
            body: {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${retryAfter}`,
              parameters: { retry_after: retryAfter },
            },
          };
        }
        const chatId = Number(payload.chat_id);
        const text = String(payload.text ?? '');
        sent.push({ chatId, text, at: Date.now() });
        return ok({
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: chatId, type: 'private' },
          text,
        });
      }
      case 'setWebhook':
      case 'deleteWebhook':
        return ok(true);
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    }
  }

  async function control(request: http.IncomingMessage, body: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/__control/inject') {
      const input = JSON.parse(body || '{}') as { from_id?: number; name?: string; text?: string };
      if (typeof input.from_id !== 'number' || typeof input.text !== 'string') {
        return { status: 400, body: { error: 'from_id (number) and text are required' } };
      }
      const updateId = injectMessage({ fromId: input.from_id, firstName: input.name, text: input.text });
      return { status: 200, body: { update_id: updateId } };
    }
    if (request.method === 'GET' && url.pathname === '/__control/sent') {
      const chatId = url.searchParams.get('chat_id');
      const list = chatId === null ? sent : sent.filter((message) => message.chatId === Number(chatId));
      return { status: 200, body: { sent: list } };
    }
    return { status: 404, body: { error: 'unknown control' } };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const reply = (result: { status: number; body: unknown }) => {
        response.writeHead(result.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(result.body));
      };
      if (request.url?.startsWith('/__control/')) {
        void control(request, body).then(reply);
        return;
      }
      const match = request.url?.match(/^\/bot([^/]+)\/(\w+)/);
      let payload: Record<string, unknown> = {};
      try {
        payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      } catch {
        payload = {};
      }
      calls.push({ method: match?.[2] ?? '?', at: Date.now(), payload });
      if (mode === 'reset') {
        request.socket.destroy();
        return;
      }
      if (mode === '503') {
        reply({ status: 503, body: { ok: false, error_code: 503, description: 'Service Unavailable' } });
        return;
      }
      if (!match || match[1] !== token) {
        reply({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
        return;
      }
      void answer(match[2]!, payload).then(reply);
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    sent,
    calls,
    polls,
    injectMessage,
    rateLimitNext(seconds, count = 1) {
      retryAfter = seconds;
      limited = count;
    },
    setMode(next) {
      mode = next;
    },
    async waitForMessage(chatId, match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      const matches = (message: SentMessage) =>
        message.chatId === chatId &&
        (match === undefined ||
          (typeof match === 'string' ? message.text.includes(match) : match.test(message.text)));
      for (;;) {
        const found = sent.find(matches);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no message to ${chatId} matching ${String(match)}; sent: ${JSON.stringify(sent.map((m) => [m.chatId, m.text]))}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      wakePollers();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

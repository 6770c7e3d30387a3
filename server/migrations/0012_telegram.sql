-- Telegram (issue 11): each user's connection key, the Telegram accounts linked with it, the notifications
-- outbox the bot sends from, and the bot's update offset.

-- One key per user, made on the first GET (32 random bytes from a CSPRNG, base64url); refresh replaces it.
create table telegram_keys (
  user_id uuid primary key references users (id) on delete cascade,
  connection_key text not null unique check (char_length(connection_key) between 20 and 100),
  created_at timestamptz not null default now()
);

-- A Telegram account (its private chat with the bot) linked to a user. The same account may be linked to
-- several users, and a user may link several accounts; linking again changes nothing.
create table telegram_accounts (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  telegram_id bigint not null,
  telegram_name text not null check (char_length(telegram_name) <= 200),
  auth_date timestamptz not null default now(),
  unique (user_id, telegram_id)
);
create index telegram_accounts_telegram_idx on telegram_accounts (telegram_id);

-- One message to one linked chat, written in the same transaction as the event it tells of. The delivery job
-- claims due rows (claim + due_at moved past the claim window, in one statement), sends them, and marks them
-- sent or failed only under its own claim.
create table telegram_notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete cascade,
  chat_id bigint not null,
  kind text not null check (char_length(kind) <= 40),
  text text not null check (char_length(text) <= 4096),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  last_error text check (char_length(last_error) <= 500),
  claim text,
  sent_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);
create index telegram_notifications_due_idx on telegram_notifications (due_at, id)
  where sent_at is null and failed_at is null;
create index telegram_notifications_user_idx on telegram_notifications (user_id, chat_id)
  where sent_at is null and failed_at is null;

-- The bot's getUpdates offset (one row), so a poller that takes over does not handle an update twice.
create table telegram_bot_state (
  id integer primary key check (id = 1),
  update_offset bigint not null default 0,
  updated_at timestamptz not null default now()
);

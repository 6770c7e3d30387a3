-- Merchant API (issue 10): API keys, the merchant's webhook settings, and the webhook outbox.
-- Deals themselves come in 0010.

-- A merchant's API key: only its SHA-256 is stored; the key is shown once when created.
create table merchant_api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 50),
  -- The key's first characters, shown in the list to tell keys apart.
  prefix text not null check (char_length(prefix) between 4 and 20),
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index merchant_api_keys_user_idx on merchant_api_keys (user_id, created_at desc);

-- Where a merchant's webhooks go and the secret they are signed with (Standard Webhooks, whsec_…). The secret
-- must sign, so it is kept as is (never shown again after it is created or rotated).
create table merchant_webhooks (
  user_id uuid primary key references users (id) on delete cascade,
  url text check (url is null or char_length(url) <= 2000),
  secret text check (secret is null or secret ~ '^whsec_[A-Za-z0-9+/=]{32,100}$'),
  updated_at timestamptz not null default now()
);

-- The outbox: one row per event, written in the same transaction as the change it reports. Delivered at
-- least once and in order per order (seq); after a 2xx an event is never sent again.
create table webhook_events (
  -- The webhook-id header: msg_<random>.
  id text primary key check (id ~ '^msg_[A-Za-z0-9]{16,40}$'),
  seq bigint generated always as identity unique,
  merchant_id uuid not null references users (id) on delete cascade,
  -- The deal (order) it reports; no foreign key so this file stands before the deals table.
  order_id uuid not null,
  type text not null check (type ~ '^[a-z][a-z_.]{1,59}$'),
  payload jsonb not null,
  -- The order's callback_url when it had one; otherwise null and the merchant's URL at delivery time is used.
  url text,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_events_due_idx on webhook_events (next_attempt_at, seq) where state = 'pending';
create index webhook_events_order_idx on webhook_events (order_id, seq);
create index webhook_events_merchant_idx on webhook_events (merchant_id, seq desc);

-- Every delivery attempt, kept for the merchant's delivery log.
create table webhook_attempts (
  id bigint generated always as identity primary key,
  event_id text not null references webhook_events (id) on delete cascade,
  url text not null,
  status_code integer,
  error text,
  duration_ms integer not null check (duration_ms >= 0),
  -- True when the merchant asked for this attempt (resend).
  manual boolean not null default false,
  created_at timestamptz not null default now()
);
create index webhook_attempts_event_idx on webhook_attempts (event_id, id);

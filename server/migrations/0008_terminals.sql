-- Terminals (issue 9): a trader's Android phone that reads bank notifications. Spec §3 Terminal (list),
-- §4 Terminals. A terminal is created pending by connect-request, gets a single-use pairing secret once the
-- mailed code is verified, and becomes Enabled when the device activates with it.

create table terminals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 50),
  -- 'pending' until the device activates; then 'Enabled' or 'Disabled' (trader's card or the device itself).
  status text not null default 'pending' check (status in ('pending', 'Enabled', 'Disabled')),
  -- SHA-256 (hex) of the single-use pairing secret (auth_key) and when it stops working; cleared on activation.
  pairing_key_hash text,
  pairing_expires_at timestamptz,
  -- SHA-256 (hex) of the device's bearer token; null before activation and after deletion (revoked).
  device_token_hash text unique,
  device_model text check (char_length(device_model) <= 100),
  device_os text check (char_length(device_os) <= 100),
  app_version text check (char_length(app_version) <= 50),
  phone_charge smallint check (phone_charge between 0 and 100),
  charging boolean,
  network text check (char_length(network) <= 50),
  last_ping timestamptz,
  activated_at timestamptz,
  -- Deleted terminals are kept (their notifications are dispute evidence) but never listed or authenticated.
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status = 'pending' or activated_at is not null)
);
-- The Terminals page: a user's activated, undeleted terminals, newest first.
create index terminals_user_listed_idx on terminals (user_id, created_at desc, id desc)
  where activated_at is not null and deleted_at is null;

-- A payment method is linked to at most one terminal (the column exists since 0002; now it gets its key).
-- A deleted terminal unlinks its methods in the deleting transaction; the key keeps stray ids out (0002 made
-- the partial index on terminal_id).
alter table payment_methods
  add constraint payment_methods_terminal_fk foreign key (terminal_id) references terminals (id);

-- Every notification a device sent, append-only: it is evidence in disputes. Idempotent per (terminal, id).
create table terminal_notifications (
  id bigint generated always as identity primary key,
  terminal_id uuid not null references terminals (id),
  -- The device's own id for the notification.
  device_item_id text not null check (char_length(device_item_id) between 1 and 100),
  source text not null check (source in ('sms', 'push')),
  sender text not null check (char_length(sender) between 1 and 200),
  title text check (char_length(title) <= 500),
  body text not null check (octet_length(body) between 1 and 4096),
  received_at timestamptz not null,
  created_at timestamptz not null default now(),
  -- What the parsers made of it: an incoming transfer, not one (ignored), or not understood (unparsed).
  parse_outcome text not null check (parse_outcome in ('incoming', 'ignored', 'unparsed')),
  bank text,
  amount_kopecks bigint check (amount_kopecks > 0),
  currency text,
  balance_kopecks bigint,
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  payer_name text check (char_length(payer_name) <= 200),
  -- The answer given to the device: matched, unmatched or ignored. The orders issue sets deal_id when matched.
  result text not null check (result in ('matched', 'unmatched', 'ignored')),
  deal_id uuid,
  unique (terminal_id, device_item_id)
);
create index terminal_notifications_unparsed_idx on terminal_notifications (created_at desc)
  where parse_outcome = 'unparsed';

-- Append-only: what the device sent and what was parsed from it never change; only the match may be recorded.
create function terminal_notifications_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'terminal_notifications is append-only';
  end if;
  if (new.terminal_id, new.device_item_id, new.source, new.sender, new.title, new.body, new.received_at,
      new.created_at, new.parse_outcome, new.bank, new.amount_kopecks, new.currency, new.balance_kopecks,
      new.card_last4, new.payer_name)
     is distinct from
     (old.terminal_id, old.device_item_id, old.source, old.sender, old.title, old.body, old.received_at,
      old.created_at, old.parse_outcome, old.bank, old.amount_kopecks, old.currency, old.balance_kopecks,
      old.card_last4, old.payer_name) then
    raise exception 'terminal_notifications is append-only';
  end if;
  return new;
end $$;
create trigger terminal_notifications_append_only before update or delete on terminal_notifications
  for each row execute function terminal_notifications_append_only();

-- Idempotency keys of the APIs that programs call (device now, merchant next): the same key and body replay
-- the first answer, another body is refused, a request still in flight is refused.
create table idempotency_keys (
  -- Whose key it is, e.g. 'device:<terminal id>' or 'merchant:<merchant id>'.
  scope text not null,
  key text not null check (char_length(key) between 1 and 255),
  method text not null,
  path text not null,
  -- SHA-256 of the request body.
  request_hash text not null,
  -- Null while the first request is in flight.
  status_code integer,
  response_body text,
  response_headers jsonb,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  primary key (scope, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);

-- Orders and deals (issue 10): the USDT/RUB rate, per-user fees, deals with their event history and receipts,
-- fair rotation among payment methods, and rewards that are spendable (the profit bucket moves to available).

-- RUB per USDT, in kopecks, with the time it was set. The newest row is the rate; older rows are history.
-- checked_at is the last time its source confirmed it (a poll that sees the same rate moves only this), and
-- what RATE_MAX_AGE_S is measured against.
create table exchange_rates (
  id bigint generated always as identity primary key,
  rate_kopecks bigint not null check (rate_kopecks between 100 and 100000000),
  source text not null check (source in ('manual', 'coingecko')),
  set_by text check (char_length(set_by) <= 200),
  created_at timestamptz not null default now(),
  checked_at timestamptz not null default now()
);
create index exchange_rates_latest_idx on exchange_rates (created_at desc, id desc);

-- Per-user percentages in basis points (1 % = 100); null means the configured default
-- (MERCHANT_FEE_PCT for merchants, TRADER_REWARD_PCT for traders).
alter table users add column fee_bps integer check (fee_bps between 0 and 10000);
alter table users add column reward_bps integer check (reward_bps between 0 and 10000);

-- The parsers' bank code, so a notification that names its bank only matches deals of that bank.
alter table banks add column parser_code text unique;
update banks set parser_code = code from (values
  ('Сбербанк', 'sber'), ('Т-Банк', 'tbank'), ('ВТБ', 'vtb'), ('Альфа-Банк', 'alfa'),
  ('Газпромбанк', 'gazprombank'), ('Райффайзенбанк', 'raiffeisen'), ('Росбанк', 'rosbank'),
  ('Совкомбанк', 'sovcombank'), ('Озон Банк', 'ozon'), ('МТС Банк', 'mts'), ('Яндекс Банк', 'yandex'),
  ('Почта Банк', 'pochta')
) as known (bank_name, code)
where banks.name = known.bank_name;

-- Fair rotation: among the methods that can take an order, the one that waited longest since its last deal.
alter table payment_methods add column last_deal_at timestamptz;
create index payment_methods_rotation_idx on payment_methods (last_deal_at asc nulls first, id)
  where is_active and terminal_id is not null;
-- The same order within one bank, for orders that name a preferred bank (otherwise they walk past every
-- other bank's methods).
create index payment_methods_bank_rotation_idx on payment_methods (bank_id, last_deal_at asc nulls first, id)
  where is_active and terminal_id is not null;

-- A deal is a merchant's order routed to one trader's payment method. Its id is the order id, the payer page id
-- and the transaction_id of the web app. Money: rubles in kopecks, USDT in micro-USDT, the rate in kopecks per
-- USDT; the fee and reward percentages and the requisites are snapshots taken when the deal was created.
create table deals (
  id uuid primary key default gen_random_uuid(),
  merchant_id uuid not null references users (id),
  external_id text not null check (char_length(external_id) between 1 and 100),
  trader_id uuid not null references users (id),
  payment_method_id uuid not null references payment_methods (id),
  terminal_id uuid references terminals (id),
  payment_mode text not null check (payment_mode in ('sbp', 'c2c')),
  status text not null default 'pending'
    check (status in ('pending', 'verification', 'complete', 'dispute', 'canceled', 'expired')),
  amount_kopecks bigint not null check (amount_kopecks > 0),
  amount_usdt bigint not null check (amount_usdt > 0),
  rate_kopecks bigint not null check (rate_kopecks > 0),
  merchant_fee_bps integer not null check (merchant_fee_bps between 0 and 10000),
  trader_reward_bps integer not null check (trader_reward_bps between 0 and 10000),
  bank_id integer not null references banks (id),
  bank_name text not null,
  card text,
  phone_number text,
  owner_name text not null,
  callback_url text check (char_length(callback_url) <= 2000),
  return_url text check (char_length(return_url) <= 2000),
  expires_at timestamptz not null,
  paid_at timestamptz,
  completed_at timestamptz,
  matched_notification_id bigint references terminal_notifications (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The platform fee (merchant fee − trader reward) is never negative.
  constraint deals_fee_covers_reward check (trader_reward_bps <= merchant_fee_bps),
  constraint deals_requisites check (card is not null or phone_number is not null),
  constraint deals_external_id_key unique (merchant_id, external_id)
);
-- The collision rule, held by the database: one method never has two open deals of one amount, so a bank
-- notification of that amount names exactly one deal.
create unique index deals_open_amount_key on deals (payment_method_id, amount_kopecks)
  where status in ('pending', 'verification');
create index deals_trader_created_idx on deals (trader_id, created_at desc, id desc);
create index deals_merchant_created_idx on deals (merchant_id, created_at desc, id desc);
create index deals_open_expiry_idx on deals (expires_at) where status in ('pending', 'verification');

-- Every status change of a deal, append-only: the detail modal's timeline and the audit trail.
create table deal_events (
  id bigint generated always as identity primary key,
  deal_id uuid not null references deals (id),
  from_status text,
  to_status text not null,
  actor text not null check (actor in ('payer', 'trader', 'terminal', 'merchant', 'timer', 'support')),
  notification_id bigint references terminal_notifications (id),
  created_at timestamptz not null default now()
);
create index deal_events_deal_idx on deal_events (deal_id, id);

create function deal_events_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'deal_events is append-only (%)', tg_op using errcode = '55000';
end
$$;
create trigger deal_events_append_only before update or delete on deal_events
  for each statement execute function deal_events_refuse_change();

-- The payer's receipt (PDF, JPEG or PNG checked by content), kept for disputes with its SHA-256.
create table deal_receipts (
  deal_id uuid primary key references deals (id),
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea not null,
  uploaded_at timestamptz not null default now()
);

-- Rewards become spendable: what sat in the separate profit bucket moves to available in one ledger
-- transaction per user, and total_profit keeps the lifetime sum of rewards (and, later, referral
-- commissions) so that spending never lowers it. Each ledger transaction that earns names its earnings in
-- meta.earnings {user id: micro-USDT}; ledger-verify checks total_profit against them.
alter table user_balances add column total_profit bigint not null default 0 check (total_profit >= 0);

do $$
declare
  mover record;
  moved uuid;
begin
  for mover in select user_id, profit from user_balances where profit > 0 order by user_id loop
    insert into ledger_transactions (type, idempotency_key, meta)
      values (
        'profit_to_available',
        'profit-to-available:' || mover.user_id,
        jsonb_build_object(
          'userId', mover.user_id,
          'earnings', jsonb_build_object(mover.user_id::text, mover.profit::text)
        )
      )
      returning id into moved;
    insert into ledger_accounts (id, user_id, name)
      values ('user:' || mover.user_id || ':available', mover.user_id, 'available')
      on conflict (id) do nothing;
    insert into ledger_postings (transaction_id, account_id, amount) values
      (moved, 'user:' || mover.user_id || ':profit', -mover.profit),
      (moved, 'user:' || mover.user_id || ':available', mover.profit);
    update user_balances
      set available = available + mover.profit, total_profit = mover.profit, profit = 0, updated_at = now()
      where user_id = mover.user_id;
  end loop;
end
$$;

alter table user_balances drop column profit;

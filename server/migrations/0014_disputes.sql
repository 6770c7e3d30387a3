-- Disputes (issue 12): a dispute on a deal, its append-only history, support users' blocks, the rating events
-- of spec §9, and the trader's debt.
--
-- The debt is a ledger account per trader, `user:<id>:debt`. It is the platform's claim on the trader, so its
-- postings are debits: opening a dispute on a released deal whose trader's available cannot cover the amount
-- freezes what is there and posts the shortfall as `debt -S` (available -X, frozen +A, debt -S; X + S = A).
-- user_balances.debt mirrors it as the amount owed (minus the postings' sum), never negative; a repayment
-- (deposit or reward) or a forgiveness (the trader won the dispute) posts `debt +R`.

alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (
  (user_id is not null and name in ('available', 'frozen', 'profit', 'debt') and id = 'user:' || user_id::text || ':' || name)
  or (
    user_id is null
    and name in (
      'chain_deposits', 'withdrawals_in_flight', 'chain_withdrawals', 'withdrawal_fees', 'adjustments',
      'merchant_settlement', 'platform_fees', 'referral_payouts'
    )
    and id = 'system:' || name
  )
);

alter table user_balances add column debt bigint not null default 0 check (debt >= 0);
-- Routing skips traders with debt (orders.repository pickMethod).
create index user_balances_debtors_idx on user_balances (user_id) where debt > 0;

create table disputes (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references deals (id) on delete restrict,
  status text not null default 'waiting'
    check (status in ('waiting', 'consideration', 'deepconsideration', 'completed_towards_merchant', 'completed_towards_trader')),
  opened_by_role text not null check (opened_by_role in ('merchant', 'support')),
  opened_by uuid references users (id) on delete restrict,
  reason text not null check (char_length(reason) between 1 and 2000),
  support_comment text check (char_length(support_comment) <= 2000),
  -- The part of the held amount the trader's available could not cover when it was held again.
  shortfall_usdt bigint not null default 0 check (shortfall_usdt >= 0),
  evidence_deadline timestamptz not null,
  -- Who sent it to deepconsideration: it leaves that support user's list.
  deep_by uuid references users (id) on delete restrict,
  resolved_by uuid references users (id) on delete restrict,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One open dispute per deal.
create unique index disputes_open_deal_key on disputes (deal_id)
  where status in ('waiting', 'consideration', 'deepconsideration');
create index disputes_created_idx on disputes (created_at desc, id);
create index disputes_waiting_deadline_idx on disputes (evidence_deadline) where status = 'waiting';

-- Everything that happened to a dispute, append-only: status changes, files added and deleted (with SHA-256).
create table dispute_history (
  id bigint generated always as identity primary key,
  dispute_id uuid not null references disputes (id) on delete restrict,
  actor_role text not null check (actor_role in ('merchant', 'trader', 'support', 'timer')),
  actor_id uuid references users (id) on delete restrict,
  action text not null check (action in ('opened', 'status', 'file_added', 'file_deleted', 'comment')),
  status text,
  file_id uuid,
  file_name text,
  file_side text check (file_side in ('trader', 'merchant')),
  file_sha256 text check (file_sha256 ~ '^[0-9a-f]{64}$'),
  file_size bigint,
  note text check (char_length(note) <= 2000),
  created_at timestamptz not null default now()
);
create index dispute_history_dispute_idx on dispute_history (dispute_id, id);

create function dispute_history_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'dispute history is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end
$$;
create trigger dispute_history_append_only before update or delete on dispute_history
  for each statement execute function dispute_history_refuse_change();

-- A support user working on a dispute; another support user cannot act on it until it expires or is released.
create table dispute_blocks (
  dispute_id uuid primary key references disputes (id) on delete restrict,
  support_user_id uuid not null references users (id) on delete restrict,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- Spec §9 rating events, append-only, written in the transaction of their cause; issue 13's rating engine reads them.
create table rating_events (
  id bigint generated always as identity primary key,
  trader_id uuid not null references users (id) on delete restrict,
  payment_method_id uuid,
  deal_id uuid references deals (id) on delete restrict,
  dispute_id uuid references disputes (id) on delete restrict,
  kind text not null check (kind in ('created', 'ignored', 'finished_within_18h')),
  created_at timestamptz not null default now()
);
create index rating_events_trader_idx on rating_events (trader_id, created_at);
-- Each kind once per dispute (the deadline job and a verdict may race).
create unique index rating_events_dispute_kind_key on rating_events (dispute_id, kind) where dispute_id is not null;

create trigger rating_events_append_only before update or delete on rating_events
  for each statement execute function dispute_history_refuse_change();

-- Evidence files: the bytes live in DATA_DIR/files/<id>, written once (SHA-256 computed while streaming) and
-- never changed. Support's deletion only marks the row (deleted_at), so nothing of the record is lost.
create table dispute_files (
  id uuid primary key,
  dispute_id uuid not null references disputes (id) on delete restrict,
  side text not null check (side in ('trader', 'merchant')),
  name text not null check (char_length(name) between 1 and 255),
  content_type text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png', 'video/mp4')),
  size_bytes bigint not null check (size_bytes between 1 and 52428800),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by uuid not null references users (id) on delete restrict,
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by uuid references users (id) on delete restrict
);
create index dispute_files_dispute_idx on dispute_files (dispute_id, created_at) where deleted_at is null;

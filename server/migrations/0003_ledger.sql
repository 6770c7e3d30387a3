-- Ledger: double-entry bookkeeping of every USDT movement, in integer micro-USDT.
-- Accounts are either a user's bucket (available, frozen, profit) or a system account. A ledger transaction
-- is one movement with a unique idempotency key; its postings sum to zero. user_balances mirrors the
-- postings of each user's buckets and is updated in the same database transaction.

create table ledger_accounts (
  id text primary key,
  user_id uuid references users (id) on delete restrict,
  name text not null,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_kind_check check (
    (user_id is not null and name in ('available', 'frozen', 'profit') and id = 'user:' || user_id::text || ':' || name)
    or (
      user_id is null
      and name in (
        'chain_deposits', 'withdrawals_in_flight', 'chain_withdrawals', 'withdrawal_fees', 'adjustments',
        'merchant_settlement', 'platform_fees', 'referral_payouts'
      )
      and id = 'system:' || name
    )
  )
);

insert into ledger_accounts (id, name) values
  ('system:chain_deposits', 'chain_deposits'),
  ('system:withdrawals_in_flight', 'withdrawals_in_flight'),
  ('system:chain_withdrawals', 'chain_withdrawals'),
  ('system:withdrawal_fees', 'withdrawal_fees'),
  ('system:adjustments', 'adjustments'),
  ('system:merchant_settlement', 'merchant_settlement'),
  ('system:platform_fees', 'platform_fees'),
  ('system:referral_payouts', 'referral_payouts');

create table ledger_transactions (
  id uuid primary key default gen_random_uuid(),
  type text not null check (type ~ '^[a-z][a-z_]{1,39}$'),
  idempotency_key text not null check (char_length(idempotency_key) between 1 and 200),
  meta jsonb,
  created_at timestamptz not null default now()
);
create unique index ledger_transactions_idempotency_key on ledger_transactions (idempotency_key);

create table ledger_postings (
  id bigint generated always as identity primary key,
  transaction_id uuid not null references ledger_transactions (id) on delete restrict,
  account_id text not null references ledger_accounts (id) on delete restrict,
  amount bigint not null check (amount <> 0),
  created_at timestamptz not null default now()
);
create index ledger_postings_transaction_idx on ledger_postings (transaction_id);
create index ledger_postings_account_idx on ledger_postings (account_id, id);

create table user_balances (
  user_id uuid primary key references users (id) on delete restrict,
  available bigint not null default 0 check (available >= 0),
  frozen bigint not null default 0 check (frozen >= 0),
  profit bigint not null default 0 check (profit >= 0),
  updated_at timestamptz not null default now()
);

-- Posted entries are append-only: a correction is a new transaction.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger entries are append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end
$$;
create trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each statement execute function ledger_refuse_change();
create trigger ledger_postings_append_only before update or delete on ledger_postings
  for each statement execute function ledger_refuse_change();

-- Checked at commit, when every posting of the transaction is in: the postings sum to zero.
create function ledger_check_postings_balance() returns trigger language plpgsql as $$
declare
  total numeric;
begin
  select coalesce(sum(amount), 0) into total from ledger_postings where transaction_id = new.transaction_id;
  if total <> 0 then
    raise exception 'ledger transaction % does not balance (sum %)', new.transaction_id, total using errcode = '23514';
  end if;
  return null;
end
$$;
create constraint trigger ledger_postings_balance after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_check_postings_balance();

-- Checked at commit as well: a ledger transaction without postings would turn a retry into a silent no-op.
create function ledger_check_transaction_has_postings() returns trigger language plpgsql as $$
begin
  if (select count(*) from ledger_postings where transaction_id = new.id) < 2 then
    raise exception 'ledger transaction % has fewer than two postings', new.id using errcode = '23514';
  end if;
  return null;
end
$$;
create constraint trigger ledger_transactions_postings after insert on ledger_transactions
  deferrable initially deferred for each row execute function ledger_check_transaction_has_postings();

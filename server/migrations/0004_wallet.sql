-- Wallet: TRC20 deposit addresses, deposits seen on chain, the withdrawal whitelist and withdrawals, plus
-- the deposit watcher's cursor and the leases that keep each background worker to one app instance.
-- Amounts are integer micro-USDT; money itself moves only through the ledger (0003).

-- BIP44 address index m/44'/195'/0'/0/i; gaps (a rolled-back confirm) are harmless, reuse is impossible.
create sequence wallet_address_index_seq as integer minvalue 0 maxvalue 2147483646 start with 0;

create table wallet_addresses (
  user_id uuid primary key references users (id) on delete restrict,
  address text not null check (address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'),
  derivation_index integer not null check (derivation_index >= 0),
  -- Which account key derived it (BIP32 fingerprint), so a changed TRON_XPUB is noticed.
  key_fingerprint text not null,
  created_at timestamptz not null default now()
);
create unique index wallet_addresses_address_key on wallet_addresses (address);
create unique index wallet_addresses_derivation_index_key on wallet_addresses (derivation_index);

-- One row per credited Transfer event; the primary key is the chain's identity of the event.
create table deposits (
  txid text not null check (txid ~ '^[0-9a-f]{64}$'),
  event_index integer not null check (event_index >= 0),
  user_id uuid not null references users (id) on delete restrict,
  address text not null,
  amount bigint not null check (amount > 0),
  block_number bigint not null,
  block_timestamp bigint not null,
  ledger_transaction_id uuid not null,
  source text not null check (source in ('watcher', 'address_scan')),
  created_at timestamptz not null default now(),
  primary key (txid, event_index)
);
create index deposits_user_idx on deposits (user_id, created_at);
create index deposits_address_txid_idx on deposits (address, txid);

create table wallet_whitelist_settings (
  user_id uuid primary key references users (id) on delete cascade,
  enabled boolean not null default false,
  updated_at timestamptz not null default now()
);

create table wallet_whitelist (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  address text not null check (address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'),
  created_at timestamptz not null default now()
);
create unique index wallet_whitelist_user_address_key on wallet_whitelist (user_id, address);

-- requested (code mailed) → held (code verified, funds in flight; waits for the operator) or approved
-- → signing (building the transaction) → signed (signed transaction and txid stored, not yet known to the
-- network) → broadcast → confirmed | failed. requested → canceled; held/approved → rejected.
create table withdrawals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  amount bigint not null check (amount > 0),
  fee bigint not null check (fee >= 0),
  to_address text not null check (to_address ~ '^T[1-9A-HJ-NP-Za-km-z]{33}$'),
  status text not null check (
    status in ('requested', 'canceled', 'held', 'approved', 'signing', 'signed', 'broadcast', 'confirmed', 'failed', 'rejected')
  ),
  approved_by text,
  approved_at timestamptz,
  txid text check (txid ~ '^[0-9a-f]{64}$'),
  signed_tx jsonb,
  -- The signed transaction's expiration (chain time, ms): after it, a transaction not on chain never will be.
  tx_expiration bigint,
  -- Claims by the sender; the claim number fences a stale sender out of a withdrawal it no longer owns.
  attempts integer not null default 0 check (attempts >= 0),
  -- Answers from the node that failed our pre-signing checks; past a limit the withdrawal fails unsent.
  check_failures integer not null default 0 check (check_failures >= 0),
  next_attempt_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  broadcast_at timestamptz,
  completed_at timestamptz,
  -- Once a transaction is signed the withdrawal can never be built again: that is what rules out a double send.
  constraint withdrawals_txid_state_check check (
    (status in ('requested', 'canceled', 'held', 'approved', 'signing', 'rejected') and txid is null and signed_tx is null)
    or (status in ('signed', 'broadcast', 'confirmed') and txid is not null and signed_tx is not null and tx_expiration is not null)
    or status = 'failed'
  )
);
create unique index withdrawals_txid_key on withdrawals (txid);
create index withdrawals_user_idx on withdrawals (user_id, created_at);
create index withdrawals_active_idx on withdrawals (status, next_attempt_at)
  where status in ('held', 'approved', 'signing', 'signed', 'broadcast');

-- How far a chain scan has got (block_timestamp in ms) and when it last succeeded.
create table chain_cursors (
  name text primary key,
  position bigint not null check (position >= 0),
  scanned_at timestamptz,
  updated_at timestamptz not null default now()
);

-- A worker runs on the instance holding its lease; a holder that dies loses it when it expires.
create table worker_leases (
  name text primary key,
  holder text not null,
  expires_at timestamptz not null
);

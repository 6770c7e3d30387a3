-- Reserves (issue 23): USDT released from an expired or canceled deal goes back to the trader's available,
-- where it backs new deals, but it cannot be withdrawn until that deal's dispute window has closed: a dispute
-- opened meanwhile holds the deal's amount again. A reserve is not a ledger bucket (the money is in
-- available); it limits what leaves: withdrawable = available - the remaining reserves whose window is open.
--
-- One row per released deal (`subject` 'deal:<id>'), written by the ledger in the release's own transaction;
-- `amount` is what that release credited to available (after repaying debt). A dispute hold on the deal uses
-- the reserve up (`remaining` 0, `consumed_by` the hold's ledger transaction). ledger-verify checks every row
-- against the postings of the two transactions it names.
create table ledger_reserves (
  id bigint generated always as identity primary key,
  user_id uuid not null references users (id) on delete restrict,
  subject text not null check (char_length(subject) between 1 and 200),
  release_transaction_id uuid not null references ledger_transactions (id) on delete restrict,
  amount bigint not null check (amount > 0),
  remaining bigint not null check (remaining >= 0 and remaining <= amount),
  until timestamptz not null,
  consumed_by uuid references ledger_transactions (id) on delete restrict,
  created_at timestamptz not null default now(),
  check ((remaining = amount) = (consumed_by is null))
);
create unique index ledger_reserves_subject_idx on ledger_reserves (subject);
-- What a withdrawal sums under the balances row's lock: a user's reserves still in force.
create index ledger_reserves_open_idx on ledger_reserves (user_id, until) where remaining > 0;

-- Deals released before this migration whose default 72-hour dispute window is still open are reserved too,
-- so upgrading does not make their USDT withdrawable early.
insert into ledger_reserves (user_id, subject, release_transaction_id, amount, remaining, until, created_at)
select
  (t.meta ->> 'userId')::uuid,
  'deal:' || substr(t.idempotency_key, char_length('deal-release:') + 1),
  t.id,
  p.amount,
  p.amount,
  t.created_at + interval '72 hours',
  t.created_at
from ledger_transactions t
join ledger_postings p on p.transaction_id = t.id and p.amount > 0
  and p.account_id = 'user:' || (t.meta ->> 'userId') || ':available'
where t.type = 'release'
  and t.idempotency_key like 'deal-release:%'
  and t.created_at > now() - interval '72 hours'
  and not exists (
    select 1 from ledger_transactions h
    where h.type = 'dispute_hold'
      and h.meta ->> 'dealId' = substr(t.idempotency_key, char_length('deal-release:') + 1)
  );

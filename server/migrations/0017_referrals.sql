-- Referrals (issue 14): a lead's invitation codes, the trader each one brought, and the lead's commission on
-- every completed deal of that trader.

-- The lead who invited the user: set once in the sign-up's transaction (the code's claim), never changed.
alter table users add column referred_by uuid references users (id);
-- A lead's share of the platform fee in basis points; null = LEAD_SHARE_PCT (admin set-lead-share).
alter table users add column lead_share_bps integer check (lead_share_bps between 0 and 10000);

create function users_referred_by_once() returns trigger language plpgsql as $$
begin
  if old.referred_by is not null and new.referred_by is distinct from old.referred_by then
    raise exception 'users.referred_by is set once' using errcode = '55000';
  end if;
  return new;
end
$$;
create trigger users_referred_by_once before update of referred_by on users
  for each row execute function users_referred_by_once();

-- One code per invitation, bound to the invited email (stored lowercased). Used once: used_at and
-- referred_user_id are set together by the sign-up that claims it (a conditional update on used_at is null).
create table referral_codes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references users (id) on delete cascade,
  code text not null,
  email text not null check (email = lower(email)),
  created_at timestamptz not null default now(),
  used_at timestamptz,
  referred_user_id uuid references users (id),
  check ((used_at is null) = (referred_user_id is null))
);
create unique index referral_codes_code_key on referral_codes (code);
create unique index referral_codes_referred_user_key on referral_codes (referred_user_id);
-- One open (unused) code per email per lead: a second invitation of the same address waits for the first.
create unique index referral_codes_open_email_key on referral_codes (lead_id, email) where used_at is null;
-- The lead's list, newest first.
create index referral_codes_lead_created_idx on referral_codes (lead_id, created_at desc, id desc);

-- The lead's commission on one completed deal of a referred trader, written in the settlement's transaction
-- (a deal settles once, and deal_id is the key, so a deal pays once). A row exists for every completed deal
-- of a referred trader, the zero ones included, so the detail's deal count and monthly sums read this table.
create table referral_commissions (
  deal_id uuid primary key references deals (id),
  lead_id uuid not null references users (id),
  referred_user_id uuid not null references users (id),
  amount_micro bigint not null check (amount_micro >= 0),
  created_at timestamptz not null
);
create index referral_commissions_referred_idx on referral_commissions (lead_id, referred_user_id, created_at);

-- Who changed a lead's share, from what to what (admin set-lead-share).
create table lead_share_changes (
  id bigint generated always as identity primary key,
  lead_id uuid not null references users (id) on delete cascade,
  old_bps integer,
  new_bps integer not null,
  actor text not null,
  created_at timestamptz not null default now()
);

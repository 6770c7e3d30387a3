-- Foundation: people, their sessions and their one-time codes.

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  role text not null check (role in ('trader', 'merchant', 'support')),
  is_lead boolean not null default false,
  username text check (username is null or char_length(username) between 3 and 20),
  avatar_url text,
  rating numeric(5, 2) not null default 100 check (rating between 0 and 100),
  referred_by_code text,
  notification_payments boolean not null default true,
  notification_account boolean not null default true,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create unique index sessions_token_hash_key on sessions (token_hash);
create index sessions_user_id_idx on sessions (user_id) where revoked_at is null;

create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  purpose text not null,
  user_id uuid references users (id) on delete cascade,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  payload jsonb,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  superseded_at timestamptz
);
-- At most one live code per email and purpose: a new request supersedes the old one.
create unique index otp_codes_live_key on otp_codes (email, purpose)
  where consumed_at is null and superseded_at is null;
create index otp_codes_sent_idx on otp_codes (email, purpose, created_at);

-- Abuse limits kept in the database, so they hold across several app instances: failed password checks
-- per account (login lockout), the requesting IP of every one-time code (send limits per address, IP and
-- both), and the withdrawal whitelist's cool-down and entry cap.

-- One row per normalized email that failed a password check, whether or not an account has it, so an
-- unknown email behaves exactly like a known one. The window starts at the first failure counted in it.
create table login_failures (
  email text primary key,
  failures integer not null check (failures >= 0),
  window_started_at timestamptz not null,
  locked_until timestamptz
);

-- Where each code was requested from (null for codes issued before this migration).
alter table otp_codes add column requested_ip text;
create index otp_codes_ip_sent_idx on otp_codes (requested_ip, created_at);
create index otp_codes_email_sent_idx on otp_codes (email, created_at);

-- A new whitelist entry can receive withdrawals only from usable_at on; entries that existed before the
-- cool-down was introduced stay usable.
alter table wallet_whitelist add column usable_at timestamptz;
update wallet_whitelist set usable_at = created_at;
alter table wallet_whitelist alter column usable_at set not null;
alter table wallet_whitelist alter column usable_at set default now();

-- How many entries the user has: adds raise it with a conditional update (… where entries < cap), so
-- concurrent adds cannot pass the cap; deletes lower it in the same transaction.
alter table wallet_whitelist_settings add column entries integer not null default 0 check (entries >= 0);
insert into wallet_whitelist_settings (user_id, entries)
  select user_id, count(*) from wallet_whitelist group by user_id
  on conflict (user_id) do update set entries = excluded.entries;

-- Issue 23: strangers could lock a user out of sign-in by asking for reset or registration codes, because
-- every purpose shared one per-address budget. Each purpose now has its own per-address budget (counted on
-- otp_codes_sent_idx (email, purpose, created_at)), and a request for a password-reset code while one is
-- live mails that same code again (at most once a minute) instead of writing a new one.

-- The one key the live reset codes are sealed with (AES-256-GCM), kept apart from the codes: a dump or log of
-- otp_codes alone holds no readable code. Created by the server on first use (32 random bytes).
create table otp_seal_keys (
  id smallint primary key check (id = 1),
  key bytea not null check (octet_length(key) = 32),
  created_at timestamptz not null default now()
);

-- The sealed code (12-byte IV, 16-byte tag, ciphertext; the row id is the associated data), held only while
-- the code can still be used: set to null when it is consumed, replaced, out of tries, or (by the code expiry
-- job, within a minute) expired.
alter table otp_codes add column code_sealed bytea;
alter table otp_codes add constraint otp_codes_sealed_only_live
  check (code_sealed is null or (consumed_at is null and superseded_at is null));
create index otp_codes_sealed_expiry_idx on otp_codes (expires_at) where code_sealed is not null;

-- When the code's mail was last put in the outbox: a re-send claims it with a conditional update
-- (… where last_mailed_at <= now - 1 minute), so concurrent requests mail it once a minute at most.
alter table otp_codes add column last_mailed_at timestamptz;
update otp_codes set last_mailed_at = created_at;
alter table otp_codes alter column last_mailed_at set not null;
alter table otp_codes alter column last_mailed_at set default now();

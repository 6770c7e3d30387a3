-- The mail outbox (issue 15): every message is a row written in its cause's transaction (a one-time code
-- with the code's row, a whitelist notice with the entry), and the leased mail-delivery job sends it, so no
-- request waits for SMTP and a message exists exactly when its cause committed.
create table mail_outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  -- What the message is for ('otp:login', 'whitelist_added', …): logged instead of the subject.
  purpose text not null,
  -- The message itself; removed once it is sent or given up (a one-time code's mail carries the code).
  subject text,
  body_text text,
  body_html text,
  created_at timestamptz not null default now(),
  -- When the next attempt is due; a claim moves it ahead so a dead sender's rows come back.
  due_at timestamptz not null default now(),
  -- Undelivered by then, the message is given up (a code's mail when the code expires).
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  claim text,
  last_error text,
  sent_at timestamptz,
  expired_at timestamptz,
  check (sent_at is null or expired_at is null),
  -- Only a message still to be sent holds its content.
  check (
    (sent_at is null and expired_at is null and subject is not null and body_text is not null and body_html is not null)
    or (subject is null and body_text is null and body_html is null)
  )
);
create index mail_outbox_due_idx on mail_outbox (due_at, id) where sent_at is null and expired_at is null;
create index mail_outbox_created_idx on mail_outbox (created_at);

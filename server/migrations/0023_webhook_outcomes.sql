-- Webhook delivery hardening (issue 23). Each attempt gets an outcome class: what its merchant sees in the
-- delivery log ('2xx' … '5xx', 'timeout', 'connection_failed', …), while `error` keeps the operator's detail
-- (socket error codes, addresses) that must not reach the merchant. The class of the last attempt is kept on
-- the event beside last_error. And a counter row per merchant limits manual resends per minute.

alter table webhook_attempts add column outcome text;
alter table webhook_events add column last_outcome text;

-- Attempts made before this migration: their class read back from the status code and the error text the
-- delivery wrote then (timeouts, refusals and missing settings had fixed texts; everything else was a
-- connection error whose socket code was kept).
update webhook_attempts set outcome = case
  when status_code between 200 and 599 then (status_code / 100)::text || 'xx'
  when error like 'Нет ответа за %' then 'timeout'
  when error = 'Webhook URL не задан' then 'url_not_set'
  when error = 'Секрет webhook не создан' then 'secret_not_set'
  when error like 'Адрес webhook должен быть доступен из интернета%' then 'refused_address'
  when error ~ '(ENOTFOUND|EAI_AGAIN|EAI_NODATA|EAI_NONAME)' then 'dns_failed'
  else 'connection_failed'
end;
update webhook_events set last_outcome = case
  when last_status_code between 200 and 599 then (last_status_code / 100)::text || 'xx'
  when last_error like 'Нет ответа за %' then 'timeout'
  when last_error = 'Webhook URL не задан' then 'url_not_set'
  when last_error = 'Секрет webhook не создан' then 'secret_not_set'
  when last_error like 'Адрес webhook должен быть доступен из интернета%' then 'refused_address'
  when last_error ~ '(ENOTFOUND|EAI_AGAIN|EAI_NODATA|EAI_NONAME)' then 'dns_failed'
  else 'connection_failed'
end
where last_status_code is not null or last_error is not null;

alter table webhook_attempts
  alter column outcome set not null,
  add constraint webhook_attempts_outcome_check check (outcome in ('2xx', '3xx', '4xx', '5xx', 'timeout',
    'connection_failed', 'tls_failed', 'dns_failed', 'refused_address', 'url_not_set', 'secret_not_set'));
alter table webhook_events
  add constraint webhook_events_last_outcome_check check (last_outcome is null or last_outcome in ('2xx',
    '3xx', '4xx', '5xx', 'timeout', 'connection_failed', 'tls_failed', 'dns_failed', 'refused_address',
    'url_not_set', 'secret_not_set'));

-- Manual resends per merchant: one row, a fixed window (started at window_started_at) and the resends counted
-- in it. One conditional upsert counts a resend or refuses it, so the limit holds however many requests (on
-- however many instances) arrive at once.
create table webhook_resend_windows (
  merchant_id uuid primary key references users (id) on delete cascade,
  window_started_at timestamptz not null,
  resends integer not null check (resends > 0)
);

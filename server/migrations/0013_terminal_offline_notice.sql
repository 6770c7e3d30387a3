-- The "terminal went offline" Telegram notice (issue 11): each silence of an Enabled terminal is announced
-- once. offline_notified_ping is the heartbeat (last_ping) whose silence was announced; a newer heartbeat makes
-- the terminal announceable again, so every offline period is told exactly once without comparing clocks.
alter table terminals add column offline_notified_ping timestamptz;

-- Terminals already silent for an hour when this ships are old news: they are not announced on deploy.
update terminals set offline_notified_ping = last_ping
  where last_ping < now() - interval '1 hour' and activated_at is not null and deleted_at is null;

-- The offline-notice job's scan: listed, Enabled terminals by their last heartbeat.
create index terminals_enabled_last_ping_idx on terminals (last_ping)
  where status = 'Enabled' and activated_at is not null and deleted_at is null;

-- Issue 28: the offline notice (every 5 s, and on each simulation tick) looks for Enabled terminals silent since a
-- cut-off whose silence is not announced yet, oldest heartbeat first. Its index held every Enabled terminal, so
-- each pass walked past all the terminals whose silence was already announced (they have the oldest heartbeats):
-- a pass grew with the number of traders who ever stopped working (~700 index entries per pass at 10^5
-- simulated operations). The index now holds only the terminals a pass can claim: not announced since their last
-- heartbeat (the claim's own condition, terminals.repository.ts claimSilent).
drop index terminals_enabled_last_ping_idx;
create index terminals_unannounced_last_ping_idx on terminals (last_ping)
  where status = 'Enabled' and activated_at is not null and deleted_at is null
    and offline_notified_ping is distinct from last_ping;

-- A method's rating changes with its deals (rating_points_tenths, rating: no index covers them). Room left on each
-- page lets such an update stay on its page (a HOT update) instead of writing the row anew into all of the table's
-- indexes, four of them trigram indexes; it applies to pages written from now on.
alter table payment_methods set (fillfactor = 80);

-- Issue 28: what makes a terminal idle (0031) is said once. It was written three times: in terminal_idle(), in the
-- payments module's refresh filter (a plain read that finds the flags to rewrite) and in the simulation's
-- TURNS_FOLLOW_METHODS invariant; three copies can drift, and a drift would leave methods out of routing's walk
-- (or idle ones in it) without any error.
-- Idle: the terminal is not Enabled, or its silence was announced by the offline notice (0013: offline_notified_ping
-- is the heartbeat whose silence was announced) and no heartbeat came since. Null when there is no terminal.
create function terminal_is_idle(status text, last_ping timestamptz, offline_notified_ping timestamptz)
  returns boolean language sql immutable parallel safe
  return status <> 'Enabled' or (last_ping is not null and offline_notified_ping is not distinct from last_ping);

-- Unchanged otherwise: FOR SHARE reads the terminal's newest committed row and keeps it until the caller's statement
-- ends, so a change of the terminal in flight is either seen here or refreshes the flag itself after this one.
create or replace function terminal_idle(terminal uuid) returns boolean language plpgsql as $$
declare
  idle boolean;
begin
  select terminal_is_idle(t.status, t.last_ping, t.offline_notified_ping)
    into idle
    from terminals t where t.id = terminal for share;
  return coalesce(idle, false);
end
$$;

-- Issue 28: each method's turn in routing's fair rotation (0010's last_deal_at) moves to a narrow table of its own,
-- for two reasons found with perf and the seeded simulation.
-- 1. Every order stamps its method's turn. On payment_methods that stamp was never a HOT update (the column is in
--    the rotation indexes), so each order wrote the method's row anew into all eleven indexes of that table, among
--    them ~70 trigram entries into the four GIN indexes of the payment list's search: about a tenth of
--    PostgreSQL's CPU per order. Here a stamp writes a few small b-tree entries.
-- 2. Routing walks the rotation from the method that waited longest. A method whose terminal cannot take orders
--    gets no deal, so it stays at the front, and every order walked past every such method again (each with its
--    balance and terminal looked up): routing grew with the number of traders who ever stopped working (the
--    simulation's rate fell with its size). A method whose terminal is idle — its silence announced by the offline
--    notice and not heard from since, or Disabled — now leaves the walk until the terminal can take orders again.
--    Routing still checks the terminal itself: this flag only keeps methods that cannot be routed out of the index.
-- Which methods are in the rotation (active, with a terminal), by which bank, follow payment_methods by trigger in
-- the same statement as the change, and so does the idle flag of a method created on or linked to a terminal; the
-- terminals module refreshes it after each change of a terminal (heartbeat, announcement, status).
create table payment_method_turns (
  payment_method_id uuid primary key references payment_methods (id) on delete cascade,
  bank_id integer not null,
  active boolean not null,
  has_terminal boolean not null,
  terminal_idle boolean not null default false,
  last_deal_at timestamptz
);

-- Whether a terminal is idle: not Enabled, or its silence announced (0013: offline_notified_ping is the heartbeat
-- whose silence was announced) and no heartbeat since. FOR SHARE reads the terminal's newest committed row and keeps
-- it until the caller's statement ends, so a change of the terminal in flight is either seen here or refreshes the
-- flag itself after this one is written.
create function terminal_idle(terminal uuid) returns boolean language plpgsql as $$
declare
  idle boolean;
begin
  select t.status <> 'Enabled' or (t.last_ping is not null and t.offline_notified_ping is not distinct from t.last_ping)
    into idle
    from terminals t where t.id = terminal for share;
  return coalesce(idle, false);
end
$$;

insert into payment_method_turns (payment_method_id, bank_id, active, has_terminal, terminal_idle, last_deal_at)
  select id, bank_id, is_active, terminal_id is not null, terminal_idle(terminal_id), last_deal_at
  from payment_methods;

-- Routing walks these in order and stops at the first method that may take the order (limit 1).
create index payment_method_turns_rotation_idx on payment_method_turns (last_deal_at asc nulls first, payment_method_id)
  where active and has_terminal and not terminal_idle;
-- The same order within one bank, for orders that name a preferred bank.
create index payment_method_turns_bank_rotation_idx
  on payment_method_turns (bank_id, last_deal_at asc nulls first, payment_method_id)
  where active and has_terminal and not terminal_idle;
-- No index serves routing without the terminal rule (ROUTING_REQUIRE_TERMINAL=false; as before, it sorts the
-- active methods): one on every active method in rotation order let the planner walk it with the terminal rule
-- too, past every idle method (it cannot know those sit at the front), and the simulation's rate fell again.

create function payment_method_turns_add() returns trigger language plpgsql as $$
begin
  insert into payment_method_turns (payment_method_id, bank_id, active, has_terminal, terminal_idle)
    select id, bank_id, is_active, terminal_id is not null, terminal_idle(terminal_id) from added;
  return null;
end
$$;

create function payment_method_turns_follow() returns trigger language plpgsql as $$
begin
  update payment_method_turns
    set bank_id = new.bank_id, active = new.is_active, has_terminal = new.terminal_id is not null,
        terminal_idle = case when new.terminal_id is distinct from old.terminal_id
                             then terminal_idle(new.terminal_id) else terminal_idle end
    where payment_method_id = new.id;
  return null;
end
$$;

create trigger payment_method_turns_insert after insert on payment_methods
  referencing new table as added for each statement execute function payment_method_turns_add();
create trigger payment_method_turns_follow after update of bank_id, is_active, terminal_id on payment_methods
  for each row when (old.bank_id is distinct from new.bank_id or old.is_active is distinct from new.is_active
                     or old.terminal_id is distinct from new.terminal_id)
  execute function payment_method_turns_follow();

drop index payment_methods_rotation_idx;
drop index payment_methods_bank_rotation_idx;
alter table payment_methods drop column last_deal_at;

-- The rating engine (issue 13, spec §9 Rating rules). Ratings are penalty points kept in tenths (a successful deal
-- is −1 tenth); the percent is clamp(100 − tenths, 0, 100). users.rating and payment_methods.rating stay as the
-- derived percent that routing filters on and the pages show; the points are the state the events move.
--
-- rating_events stays append-only (0014's trigger). Every event carries the effect it had (points_tenths), so
-- `admin rating-recompute` replays them by id: per trader from 0, per method from the trader's points when the
-- method was created (base_points_tenths). Each rating_events row is written with the trader's users row
-- locked, so per trader the id order is the order the events were applied (the −3 floor makes order matter).

alter table rating_events drop constraint rating_events_kind_check;
alter table rating_events add constraint rating_events_kind_check
  check (kind in ('deal_completed', 'created', 'ignored', 'finished_within_18h', 'adjustment'));
-- Events written before this migration moved no rating: their effect is 0 (filled by the default, which
-- fires no update trigger), so a replay leaves today's ratings as they are.
alter table rating_events add column points_tenths integer not null default 0;
alter table rating_events alter column points_tenths drop default;
-- An operator's adjustment (`admin rating-adjust`): its own amount, why, and who.
alter table rating_events add column reason text check (char_length(reason) between 1 and 500);
alter table rating_events add column actor text;
alter table rating_events add constraint rating_events_adjustment_check
  check (kind <> 'adjustment' or (reason is not null and actor is not null and payment_method_id is null));
-- A deal counts as successful once.
create unique index rating_events_deal_completed_key on rating_events (deal_id) where kind = 'deal_completed';

alter table users add column rating_points_tenths integer not null default 0 check (rating_points_tenths >= -30);
alter table payment_methods add column rating_points_tenths integer check (rating_points_tenths >= -30);
alter table payment_methods add column base_points_tenths integer check (base_points_tenths >= -30);

-- Backfill: points from today's percent (numeric(5,2), so rounded to whole tenths), the percent made exactly
-- what the points say. A trader's points come from their events, so a trader below 100 % gets one adjustment
-- event holding them; a method starts from its own points.
update users set rating_points_tenths = round(100 - rating)::integer;
update users set rating = 100 - rating_points_tenths;
insert into rating_events (trader_id, kind, points_tenths, reason, actor)
  select id, 'adjustment', rating_points_tenths, 'rating before the rating engine (migration 0015)', 'migration'
  from users where rating_points_tenths <> 0 order by id;
update payment_methods set rating_points_tenths = round(100 - rating)::integer;
update payment_methods set rating = 100 - rating_points_tenths, base_points_tenths = rating_points_tenths;
alter table payment_methods alter column rating_points_tenths set not null;
alter table payment_methods alter column base_points_tenths set not null;

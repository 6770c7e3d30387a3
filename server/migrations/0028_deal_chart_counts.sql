-- The dashboard chart (Transaction Summary, 24h / 30d / 1y) costs the same however long the history (issue 28).
-- It counted the deals inside its window from the (owner, created_at) indexes, so a year's chart of a busy
-- trader read every deal of that year. These counters hold how many deals each trader has (and each merchant
-- has as orders) per UTC hour, day and month; a chart bucket is answered from whole months, days and hours of
-- them (a long run of them as the enclosing one less the rest), and only the part of a bucket that does not fall
-- on whole UTC hours (zones such as +05:30) is counted from deals, at most an hour's deals at each end. A year's
-- chart then reads about a hundred counter rows whatever the rate (countByBucket in deal-views.repository.ts).
create table deal_chart_counts (
  user_id uuid not null,
  side text not null check (side in ('trader', 'merchant')),
  unit text not null check (unit in ('hour', 'day', 'month')),
  -- The start of the UTC hour, day or month.
  bucket_start timestamptz not null,
  deals integer not null,
  primary key (user_id, side, unit, bucket_start)
);

-- The deals of one deal's trader and merchant in its hour, day and month move by `delta`, in one statement. The
-- merchant's rows come first: a merchant's orders all meet on its rows, and taking them first in every
-- transaction keeps two transactions of one merchant from each holding a row the other waits for.
create function deal_chart_counts_apply(trader uuid, merchant uuid, created timestamptz, delta integer)
returns void language sql as $$
  insert into deal_chart_counts (user_id, side, unit, bucket_start, deals)
  values (merchant, 'merchant', 'month', date_trunc('month', created, 'UTC'), delta),
         (merchant, 'merchant', 'day', date_trunc('day', created, 'UTC'), delta),
         (merchant, 'merchant', 'hour', date_trunc('hour', created, 'UTC'), delta),
         (trader, 'trader', 'month', date_trunc('month', created, 'UTC'), delta),
         (trader, 'trader', 'day', date_trunc('day', created, 'UTC'), delta),
         (trader, 'trader', 'hour', date_trunc('hour', created, 'UTC'), delta)
  on conflict (user_id, side, unit, bucket_start)
    do update set deals = deal_chart_counts.deals + excluded.deals
$$;

create function deal_chart_counts_track() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform deal_chart_counts_apply(old.trader_id, old.merchant_id, old.created_at, -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform deal_chart_counts_apply(new.trader_id, new.merchant_id, new.created_at, 1);
  end if;
  return null;
end
$$;

-- Kept in the deal's own transaction, so the counters are exact whichever code writes deals (the order intake,
-- its take-back of a refused freeze, fixtures, seeds). Deferred to the commit: every order of a merchant
-- updates that merchant's current hour, day and month, and an immediate update would hold those rows through
-- the rest of the order's transaction (freeze, events, outboxes), serialising the merchant's orders on them;
-- at the commit they are held only while it flushes. Row-level, since a constraint trigger cannot be per
-- statement.
create constraint trigger deal_chart_counts_insert after insert on deals
  deferrable initially deferred for each row execute function deal_chart_counts_track();
create constraint trigger deal_chart_counts_delete after delete on deals
  deferrable initially deferred for each row execute function deal_chart_counts_track();
-- Nothing moves a deal to another trader, merchant or instant today; should something, it is counted there.
create constraint trigger deal_chart_counts_move after update of trader_id, merchant_id, created_at on deals
  deferrable initially deferred for each row
  when (old.trader_id is distinct from new.trader_id or old.merchant_id is distinct from new.merchant_id
        or old.created_at is distinct from new.created_at)
  execute function deal_chart_counts_track();

-- The deals already written.
insert into deal_chart_counts (user_id, side, unit, bucket_start, deals)
  select d.trader_id, 'trader', u.unit, date_trunc(u.unit, d.created_at, 'UTC'), count(*)
    from deals d, (values ('hour'), ('day'), ('month')) as u(unit) group by 1, 3, 4
  union all
  select d.merchant_id, 'merchant', u.unit, date_trunc(u.unit, d.created_at, 'UTC'), count(*)
    from deals d, (values ('hour'), ('day'), ('month')) as u(unit) group by 1, 3, 4;

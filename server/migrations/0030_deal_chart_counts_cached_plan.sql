-- Issue 28: the chart counters' trigger (0028) called a SQL-language function, which PostgreSQL parses and plans
-- again on every call (a SQL function's plan lives only as long as the one query calling it): about a tenth of the
-- database's CPU per order went to re-planning that one insert at every commit (perf, bench orders). The same
-- statement written inside the PL/pgSQL trigger is planned once per connection and kept. What it does is unchanged:
-- the merchant's hour, day and month first, then the trader's, by `delta`.
create or replace function deal_chart_counts_apply(trader uuid, merchant uuid, created timestamptz, delta integer)
returns void language plpgsql as $$
begin
  insert into deal_chart_counts (user_id, side, unit, bucket_start, deals)
  values (merchant, 'merchant', 'month', date_trunc('month', created, 'UTC'), delta),
         (merchant, 'merchant', 'day', date_trunc('day', created, 'UTC'), delta),
         (merchant, 'merchant', 'hour', date_trunc('hour', created, 'UTC'), delta),
         (trader, 'trader', 'month', date_trunc('month', created, 'UTC'), delta),
         (trader, 'trader', 'day', date_trunc('day', created, 'UTC'), delta),
         (trader, 'trader', 'hour', date_trunc('hour', created, 'UTC'), delta)
  on conflict (user_id, side, unit, bucket_start)
    do update set deals = deal_chart_counts.deals + excluded.deals;
end
$$;

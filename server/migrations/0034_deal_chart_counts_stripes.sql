-- Issue 28: the chart counters (0028) were one row per user, side, unit and bucket, so every order of a merchant
-- updated the same three rows (its current hour, day and month) in the commit's deferred trigger and held them
-- until the commit's WAL flush was done: a merchant's orders committed one flush after another (the order bench
-- saw 1.3–2.0 of its 16 backends waiting on another's commit, Lock:transactionid, with CPU to spare). Each bucket
-- is now kept in stripes, one per backend modulo 16: transactions on different connections add to different rows,
-- and the chart sums a bucket's stripes (it already summed a range of rows, so its query is unchanged; at most 16
-- rows per bucket, however long the history). A deal taken back on another connection subtracts from that
-- connection's stripe, which may go below zero; only the sum over stripes is a count.
alter table deal_chart_counts add column stripe smallint not null default 0;
alter table deal_chart_counts drop constraint deal_chart_counts_pkey;
alter table deal_chart_counts add primary key (user_id, side, unit, bucket_start, stripe);

-- The counting is written inside the trigger itself: the trigger called deal_chart_counts_apply with PERFORM, a
-- SELECT of a second PL/pgSQL function run through SPI for every deal, one executor start and function call more
-- per deal (perf, order bench: the deferred trigger was about a tenth of PostgreSQL's CPU per order).
create or replace function deal_chart_counts_track() returns trigger language plpgsql as $$
declare
  -- Two transactions at once are on two backends; their pids differ and, within one pool, mostly modulo 16.
  part smallint := pg_backend_pid() % 16;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into deal_chart_counts (user_id, side, unit, bucket_start, stripe, deals)
    values (old.merchant_id, 'merchant', 'month', date_trunc('month', old.created_at, 'UTC'), part, -1),
           (old.merchant_id, 'merchant', 'day', date_trunc('day', old.created_at, 'UTC'), part, -1),
           (old.merchant_id, 'merchant', 'hour', date_trunc('hour', old.created_at, 'UTC'), part, -1),
           (old.trader_id, 'trader', 'month', date_trunc('month', old.created_at, 'UTC'), part, -1),
           (old.trader_id, 'trader', 'day', date_trunc('day', old.created_at, 'UTC'), part, -1),
           (old.trader_id, 'trader', 'hour', date_trunc('hour', old.created_at, 'UTC'), part, -1)
    on conflict (user_id, side, unit, bucket_start, stripe)
      do update set deals = deal_chart_counts.deals + excluded.deals;
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    insert into deal_chart_counts (user_id, side, unit, bucket_start, stripe, deals)
    values (new.merchant_id, 'merchant', 'month', date_trunc('month', new.created_at, 'UTC'), part, 1),
           (new.merchant_id, 'merchant', 'day', date_trunc('day', new.created_at, 'UTC'), part, 1),
           (new.merchant_id, 'merchant', 'hour', date_trunc('hour', new.created_at, 'UTC'), part, 1),
           (new.trader_id, 'trader', 'month', date_trunc('month', new.created_at, 'UTC'), part, 1),
           (new.trader_id, 'trader', 'day', date_trunc('day', new.created_at, 'UTC'), part, 1),
           (new.trader_id, 'trader', 'hour', date_trunc('hour', new.created_at, 'UTC'), part, 1)
    on conflict (user_id, side, unit, bucket_start, stripe)
      do update set deals = deal_chart_counts.deals + excluded.deals;
  end if;
  return null;
end
$$;

drop function deal_chart_counts_apply(uuid, uuid, timestamptz, integer);

-- The rows of closed buckets (an hour, day or month that has ended) in stripes other than 0, which the folding job
-- (deal-chart-folding.ts) sums into stripe 0: so a chart of the past reads one row per bucket again, and only the
-- current hour, day and month keep up to 16.
create index deal_chart_counts_unfolded_idx on deal_chart_counts (unit, bucket_start) where stripe <> 0;

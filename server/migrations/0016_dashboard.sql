-- The home dashboard (issue 13) reads the user's withdrawals in flight on every load. withdrawals_user_idx
-- (user_id, created_at) would walk every withdrawal the user ever made; this partial index holds only the
-- in-flight ones (WITHDRAWAL_IN_FLIGHT_STATUSES), so the sum reads a handful of rows however long the history.
-- The dashboard's other reads already have theirs: user_balances by key (total_profit is a column there),
-- deals_trader_created_idx / deals_merchant_created_idx for the last deals and the chart's window, and
-- terminals_user_listed_idx for the terminals.
create index withdrawals_user_in_flight_idx on withdrawals (user_id)
  where status in ('held', 'approved', 'signing', 'signed', 'broadcast');

-- Issue 25: a home for each role, and the shop's name on the payer page.

-- The name a merchant's payers see on the payer page ("whom am I paying"), set by the merchant in Settings.
-- Trimmed and 2-64 characters when set; null (the default) shows no name rather than an email.
alter table users
  add column display_name text
    check (display_name is null or (display_name = btrim(display_name) and char_length(display_name) between 2 and 64));

-- The merchant home reads today's and the week's completed orders as one index range per merchant, so its cost
-- follows the period's orders, not the merchant's whole history.
create index deals_merchant_completed_idx on deals (merchant_id, completed_at)
  where status = 'complete';

-- The merchant's orders not settled yet (its own line on the home, never counted as earned): a small set.
create index deals_merchant_open_idx on deals (merchant_id)
  where status in ('pending', 'verification', 'dispute');

-- The merchant's undelivered webhook events (pending and given up), newest first: the home's counts and last
-- failures read this, not every event the merchant ever had.
create index webhook_events_merchant_undelivered_idx on webhook_events (merchant_id, seq desc)
  where state <> 'delivered';

-- Support's home lists the open disputes oldest first: a partial index holds only those.
create index disputes_open_oldest_idx on disputes (created_at, id)
  where status in ('waiting', 'consideration', 'deepconsideration');

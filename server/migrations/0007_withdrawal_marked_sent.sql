-- A withdrawal the operator paid by hand (`npm run admin -- withdrawals mark-sent ID TXID`): it ends confirmed
-- with the operator's txid and no signed transaction of ours, and says who marked it.
alter table withdrawals add column marked_sent_by text;

alter table withdrawals drop constraint withdrawals_txid_state_check;
alter table withdrawals add constraint withdrawals_txid_state_check check (
  (status in ('requested', 'canceled', 'held', 'approved', 'signing', 'rejected') and txid is null and signed_tx is null)
  or (status in ('signed', 'broadcast', 'confirmed') and txid is not null and signed_tx is not null and tx_expiration is not null)
  or (status = 'confirmed' and marked_sent_by is not null and txid is not null and signed_tx is null)
  or status = 'failed'
);
-- Only a withdrawal the sender never signed can have been sent by hand.
alter table withdrawals add constraint withdrawals_marked_sent_check check (
  marked_sent_by is null or (status = 'confirmed' and signed_tx is null and txid is not null)
);

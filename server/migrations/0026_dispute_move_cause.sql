-- Issue 25: what made the deadline job move a dispute from waiting to consideration. The history labelled
-- every such move 'по сроку' (by deadline), also when both sides had given their evidence before it; the
-- label must follow the real cause, so the job records it: 'deadline' (the trader's evidence deadline
-- passed) or 'evidence' (both sides had their say first). Only the job's rows carry it.

alter table dispute_history
  add column cause text check (cause in ('deadline', 'evidence')),
  add constraint dispute_history_cause_timer check (cause is null or (actor_role = 'timer' and action = 'status'));

-- The job's earlier moves get their cause from the one fact that decided them: a move at or after the
-- dispute's evidence deadline was the deadline's; one before it can only have been both sides' evidence.
-- History is append-only by trigger; this one-time fill of the new column is the only change the trigger
-- is lifted for, inside the migration's transaction.
alter table dispute_history disable trigger dispute_history_append_only;
update dispute_history h
   set cause = case when h.created_at >= d.evidence_deadline then 'deadline' else 'evidence' end
  from disputes d
 where d.id = h.dispute_id and h.actor_role = 'timer' and h.action = 'status';
alter table dispute_history enable trigger dispute_history_append_only;

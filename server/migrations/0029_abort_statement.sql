-- Issue 28: a statement of several modules' writes (db/writes-together.ts `abortWhen`) ends itself, and so its
-- transaction, when one of its parts did not write: the order's deal lost its amount to a concurrent order, or
-- its freeze found the trader's balance taken. Raised as SQLSTATE P0001 with the reason as the message.
create function abort_statement(reason text) returns boolean
language plpgsql volatile as $$
begin
  raise exception using errcode = 'P0001', message = reason;
end
$$;

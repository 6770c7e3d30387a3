-- Issue 27: the operator console. A new role `admin` (created only by `npm run admin -- create-user --role
-- admin` or by another admin; sign-up never makes one), blocked accounts, the append-only audit log of every
-- operator action (console and CLI), the results of ledger verifications, and bank colours.

alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('trader', 'merchant', 'support', 'admin'));

-- A blocked user cannot sign in, has no live session, gets no deals and their methods are not routed.
alter table users add column blocked_at timestamptz;
create index users_blocked_idx on users (id) where blocked_at is not null;

-- Every operator action: who (the admin's id and email, or 'admin-cli' with no id), when, what on which target,
-- the state before and after, and the reason. Written in the action's own transaction; never changed.
create table admin_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid references users (id) on delete restrict,
  actor text not null check (char_length(actor) between 1 and 254),
  action text not null check (char_length(action) between 1 and 64),
  target text check (char_length(target) <= 254),
  before jsonb,
  after jsonb,
  reason text check (char_length(reason) <= 500)
);
create index admin_audit_at_idx on admin_audit (at desc, id desc);
create index admin_audit_action_idx on admin_audit (action, at desc);
create index admin_audit_actor_idx on admin_audit (lower(actor), at desc);
create index admin_audit_target_idx on admin_audit (target, at desc);

create function admin_audit_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the audit log is append-only (% on %)', tg_op, tg_table_name using errcode = '55000';
end
$$;
create trigger admin_audit_append_only before update or delete on admin_audit
  for each statement execute function admin_audit_refuse_change();
create trigger admin_audit_no_truncate before truncate on admin_audit
  for each statement execute function admin_audit_refuse_change();

-- The outcome of each `ledger-verify` run (console button or CLI), newest shown on the overview.
create table ledger_verifications (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor text not null check (char_length(actor) between 1 and 254),
  ok boolean not null,
  differences jsonb not null default '[]'::jsonb
);
create index ledger_verifications_at_idx on ledger_verifications (at desc, id desc);

-- A bank's colour as the operator sets it ('#RRGGBB'); null keeps the shared colour table's choice.
alter table banks add column color text check (color ~ '^#[0-9a-fA-F]{6}$');

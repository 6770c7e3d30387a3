-- The Payments list costs O(page), not O(history) (issue #8): trigram indexes serve the contains-search on the
-- name and the requisites, and a per-user count maintained by triggers answers the unfiltered total without
-- counting rows. Pages are read by keyset on payment_methods_user_created_idx (0002).

-- pg_trgm is a trusted extension on PostgreSQL 13+; PGlite loads it from its contrib (PGLITE_EXTENSIONS).
create extension if not exists pg_trgm;

-- ILIKE '%name%' and LIKE '%digits%' (three characters or more) are answered from these. fastupdate off:
-- PGlite has no autovacuum to flush a GIN pending list, which every search would otherwise read through.
create index payment_methods_name_trgm_idx on payment_methods using gin (name gin_trgm_ops) with (fastupdate = off);
create index payment_methods_card_trgm_idx on payment_methods using gin (card gin_trgm_ops) with (fastupdate = off);
create index payment_methods_phone_trgm_idx on payment_methods using gin (phone_number gin_trgm_ops) with (fastupdate = off);
create index payment_methods_account_trgm_idx on payment_methods using gin (nomer_scheta gin_trgm_ops) with (fastupdate = off);

-- How many methods each user has, kept exact by the triggers below in the same transaction as the change.
-- Statement-level triggers with transition tables, so a bulk insert updates the row once, not per row.
create table payment_method_counts (
  user_id uuid primary key references users (id) on delete cascade,
  total bigint not null check (total >= 0)
);

insert into payment_method_counts (user_id, total)
  select user_id, count(*) from payment_methods group by user_id;

create function payment_method_counts_add() returns trigger language plpgsql as $$
begin
  insert into payment_method_counts (user_id, total)
    select user_id, count(*) from added group by user_id
    on conflict (user_id) do update set total = payment_method_counts.total + excluded.total;
  return null;
end
$$;

create function payment_method_counts_remove() returns trigger language plpgsql as $$
begin
  update payment_method_counts c set total = c.total - r.n
    from (select user_id, count(*) as n from removed group by user_id) r
    where c.user_id = r.user_id;
  return null;
end
$$;

-- A method moved to another user (nothing does this today) counts for its new owner.
create function payment_method_counts_move() returns trigger language plpgsql as $$
begin
  update payment_method_counts set total = total - 1 where user_id = old.user_id;
  insert into payment_method_counts (user_id, total) values (new.user_id, 1)
    on conflict (user_id) do update set total = payment_method_counts.total + 1;
  return null;
end
$$;

create trigger payment_method_counts_insert after insert on payment_methods
  referencing new table as added for each statement execute function payment_method_counts_add();
create trigger payment_method_counts_delete after delete on payment_methods
  referencing old table as removed for each statement execute function payment_method_counts_remove();
create trigger payment_method_counts_owner after update of user_id on payment_methods
  for each row when (old.user_id is distinct from new.user_id) execute function payment_method_counts_move();

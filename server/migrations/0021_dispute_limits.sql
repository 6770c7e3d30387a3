-- Issue 23: limits that keep disputes from filling the disk or being turned against traders.
--
-- Evidence is counted per dispute and budget: the trader's, the merchant's (its opening files included) and
-- support's own (support arbitrates and is never locked out by what the sides used). A row's files and bytes
-- are what is stored plus what uploads under way have reserved: an upload raises them with one conditional
-- UPDATE before it writes a file or its next block of bytes (so uploads in parallel never pass the caps),
-- and gives back what it did not store. Files support deletes still count: their bytes stay on disk.
create table dispute_evidence_usage (
  dispute_id uuid not null references disputes (id) on delete restrict,
  budget text not null check (budget in ('trader', 'merchant', 'support')),
  files integer not null default 0 check (files >= 0),
  bytes bigint not null default 0 check (bytes >= 0),
  primary key (dispute_id, budget)
);

-- What one upload under way has reserved in its usage row. Storing the files deletes it (the reservation
-- becomes usage); a failed upload deletes it and lowers the usage by as much. A hold left by a process that
-- died mid-upload is given back once it has not moved for an hour (checked when a reservation is refused).
create table dispute_evidence_holds (
  id uuid primary key,
  dispute_id uuid not null,
  budget text not null,
  files integer not null check (files >= 0),
  bytes bigint not null check (bytes >= 0),
  touched_at timestamptz not null default now(),
  foreign key (dispute_id, budget) references dispute_evidence_usage (dispute_id, budget) on delete restrict
);
create index dispute_evidence_holds_usage_idx on dispute_evidence_holds (dispute_id, budget, touched_at);

-- What the disputes opened so far hold: support's uploads in support's budget, the rest in their side's.
insert into dispute_evidence_usage (dispute_id, budget, files, bytes)
select f.dispute_id,
       case when u.role = 'support' then 'support' else f.side end,
       count(*)::int,
       sum(f.size_bytes)
  from dispute_files f
  join users u on u.id = f.uploaded_by
 group by 1, 2;

-- A merchant's disputes, for its caps: open ones against one trader, and those opened in the last 24 hours.
create index disputes_merchant_opened_idx on disputes (opened_by, created_at) where opened_by_role = 'merchant';

-- Account settings (spec §7 Settings): usernames unique regardless of case, and the avatar thumbnails.

-- Usernames were only ever set by hand so far; should two differ only in case, the oldest account keeps its
-- name and the others lose theirs (they can choose again), so the unique index below can be built.
update users set username = null, updated_at = now()
where id in (
  select id from (
    select id, row_number() over (partition by lower(username) order by created_at, id) as rank
    from users
    where username is not null
  ) ranked
  where rank > 1
);
create unique index users_username_key on users (lower(username));

-- The user's avatar: a 256×256 JPEG re-encoded by the server (no metadata), named in URLs by its SHA-256.
create table user_avatars (
  user_id uuid primary key references users (id) on delete cascade,
  content bytea not null check (octet_length(content) between 1 and 1048576),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz not null default now()
);

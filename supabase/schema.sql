-- Fanvas on a Supabase project: the `drawings` table the static-host build of the page writes to
-- (npm run build:static; see README, "Static hosting with Supabase").
--
-- Run it once in the project's SQL editor (or psql as the database owner). Running it again is harmless.
-- The page talks to PostgREST with the public anon key, so everything a visitor may do is decided here:
--   anon (and authenticated) may INSERT a drawing, only the image_data column (a PNG data URL of at most 2 MiB
--   of PNG) and, optionally, name, prompt and making (its timelapse: the drawing's encoded log in base64, at most
--   2 MiB); every new row is 'visible'.
--   anon (and authenticated) may SELECT visible rows only (a public wall of drawings).
--   nobody but the owner / service role may UPDATE or DELETE (moderation happens in the dashboard).
-- There is no server-side check beyond these: the PNG's dimensions and contents are not verified.

create table if not exists public.drawings (
  id uuid primary key default gen_random_uuid(),
  -- The original page's format: a PNG data URL. 'iVBORw0KGgo' is the base64 of the PNG signature.
  image_data text not null
    constraint drawings_image_data_is_png_data_url
      check (image_data like 'data:image/png;base64,iVBORw0KGgo%'
             and image_data ~ '^data:image/png;base64,[A-Za-z0-9+/]+={0,2}$')
    -- 2 MiB of PNG (the Fanvas server's limit) is 2,796,204 base64 characters, plus the 22-character prefix.
    constraint drawings_image_data_at_most_2_mib
      check (char_length(image_data) <= 2796226),
  created_at timestamptz not null default now(),
  -- The Fanvas moderation states; only 'visible' rows are public.
  status text not null default 'visible'
    constraint drawings_status_known check (status in ('visible', 'pending', 'hidden', 'deleted'))
);

-- Optional: the name a drawing is signed with and the id of the prompt it enters (the Fanvas server checks both
-- fully; here the table keeps out what it can: control, invisible and direction-changing characters, and ids
-- that are not a prompt's). The page sends them only when they are set, so a table made before they existed
-- still takes every unsigned save; run this script again to add them.
alter table public.drawings add column if not exists name text
  constraint drawings_name_is_one_line
    check (char_length(name) between 1 and 400
           and name !~ '[[:cntrl:]]'
           and name !~ '[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]');
alter table public.drawings add column if not exists prompt text
  constraint drawings_prompt_is_an_id check (prompt ~ '^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$');

-- Optional: the drawing's making, the page's encoded drawing log (it starts with "FVDR", "RlZEU" in base64) for
-- its timelapse; NULL for a drawing saved without one. Added apart from the table so a project made by an older
-- version of this script gains it when the script is run again.
alter table public.drawings add column if not exists making text;
alter table public.drawings drop constraint if exists drawings_making_is_a_drawing_log;
-- 2 MiB of log (the Fanvas server's limit) is 2,796,204 base64 characters.
alter table public.drawings add constraint drawings_making_is_a_drawing_log
  check (making is null
         or (making like 'RlZEU%' and making ~ '^[A-Za-z0-9+/]+={0,2}$' and char_length(making) <= 2796204));

-- The wall lists visible drawings newest first.
create index if not exists drawings_status_created_at_id on public.drawings (status, created_at desc, id);

alter table public.drawings enable row level security;

-- Supabase grants every privilege on new public tables to anon and authenticated by default; take them back
-- and give only what the page needs. Column-level INSERT means a visitor cannot choose id, created_at or status.
revoke all on table public.drawings from public, anon, authenticated;
grant usage on schema public to anon, authenticated;
grant insert (image_data, name, prompt, making) on table public.drawings to anon, authenticated;
-- SELECT is needed for the wall and for `.insert(...).select()`, which reads the new row back (RETURNING).
grant select on table public.drawings to anon, authenticated;

drop policy if exists "visitors insert visible drawings" on public.drawings;
create policy "visitors insert visible drawings" on public.drawings
  for insert to anon, authenticated
  with check (status = 'visible' and image_data like 'data:image/png;base64,%');

drop policy if exists "visitors read visible drawings" on public.drawings;
create policy "visitors read visible drawings" on public.drawings
  for select to anon, authenticated
  using (status = 'visible');

-- No UPDATE or DELETE policy and no such privilege: both are refused for anon and authenticated.

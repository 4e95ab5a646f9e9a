-- Files (docs/architecture.md: "Files"): three Storage buckets with their limits and policies, and
-- the columns that point at their objects. The buckets' rules are src/domain/storage.ts's BUCKETS
-- (a test compares them with these rows).
--
--                      public   limit   types              write                read
--   news-screenshots   yes      5 MB    PNG, JPEG, WebP    owners, editors      anyone (public URL)
--   scan-images        no       10 MB   PNG, JPEG, WebP    the user, own folder the user, own folder;
--   avatars            no       10 MB   PNG, JPEG, WebP    the user, own folder owners and support
--
-- A private object is `<user id>/<file>`: its first folder is its owner's id. Operators read it
-- through signed URLs (the admin signs with its own session, so these policies decide).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('news-screenshots', 'news-screenshots', true, 5242880, '{image/png,image/jpeg,image/webp}'),
  ('scan-images', 'scan-images', false, 10485760, '{image/png,image/jpeg,image/webp}'),
  ('avatars', 'avatars', false, 10485760, '{image/png,image/jpeg,image/webp}')
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- News screenshots: the operators who write news write them (Storage's API needs select too, to
-- replace or remove an object); everyone reads them through the bucket's public URLs.
create policy "News writers read screenshots" on storage.objects for select to authenticated
  using (bucket_id = 'news-screenshots' and (select public.has_admin_role('owner', 'editor')));
create policy "News writers add screenshots" on storage.objects for insert to authenticated
  with check (bucket_id = 'news-screenshots' and (select public.has_admin_role('owner', 'editor')));
create policy "News writers replace screenshots" on storage.objects for update to authenticated
  using (bucket_id = 'news-screenshots' and (select public.has_admin_role('owner', 'editor')))
  with check (bucket_id = 'news-screenshots' and (select public.has_admin_role('owner', 'editor')));
create policy "News writers remove screenshots" on storage.objects for delete to authenticated
  using (bucket_id = 'news-screenshots' and (select public.has_admin_role('owner', 'editor')));

-- Label photos and avatars: an app user's own folder; owners and support read every folder.
create policy "Users read their own images" on storage.objects for select to authenticated
  using (bucket_id in ('scan-images', 'avatars')
         and ((storage.foldername(name))[1] = (select auth.uid())::text
              or (select public.has_admin_role('owner', 'support'))));
create policy "Users add images to their folder" on storage.objects for insert to authenticated
  with check (bucket_id in ('scan-images', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users replace images in their folder" on storage.objects for update to authenticated
  using (bucket_id in ('scan-images', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id in ('scan-images', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "Users remove images from their folder" on storage.objects for delete to authenticated
  using (bucket_id in ('scan-images', 'avatars') and (storage.foldername(name))[1] = (select auth.uid())::text);

-- ---------------------------------------------------------------------------------------------
-- Rows point at objects by their path inside the bucket (the URL columns stay, for external images).

alter table public.scans add column image_path text
  constraint scans_image_path_relative check (
    image_path is null or (image_path ~ '^[^/]' and image_path !~ '(^|/)\.\.?(/|$)' and length(image_path) <= 1024));
alter table public.profiles add column avatar_path text
  constraint profiles_avatar_path_relative check (
    avatar_path is null or (avatar_path ~ '^[^/]' and avatar_path !~ '(^|/)\.\.?(/|$)' and length(avatar_path) <= 1024));
comment on column public.scans.image_path is 'The label photo''s path in the scan-images bucket (<user id>/<file>).';
comment on column public.profiles.avatar_path is 'The avatar''s path in the avatars bucket (<user id>/<file>).';

-- The admin views gain the path as their last column (a view's columns can only be appended);
-- the rest as in 20241101001700_operator_roles.sql.
create or replace view admin_reads.scans as
  select s.id, s.user_id, s.name, s.description, s.image_url, s.health_score, s.category, s.analysis,
         s.ingredients, s.health_benefits, s.health_risks, s.allergens, s.nutrition_facts, s.healthy_recipe,
         s.is_favorite, s.created_at, u.email as owner_email, s.image_path
    from public.scans s
    left join private.user_emails u on u.user_id = s.user_id
   where (select public.has_admin_role('owner', 'support'));

create or replace view admin_reads.profiles as
  select p.id, p.user_id, p.name, p.avatar, p.relationship, p.age, p.gender, p.height, p.weight,
         p.date_of_birth, p.health_conditions, p.allergies, p.dietary_restrictions, p.scans_count,
         p.avg_health_score, p.last_scan_date, p.created_at, p.updated_at, u.email as owner_email,
         p.avatar_path
    from public.profiles p
    left join private.user_emails u on u.user_id = p.user_id
   where (select public.has_admin_role('owner', 'support'));

create or replace view public.admin_scans with (security_invoker = true) as
  select * from admin_reads.scans;
create or replace view public.admin_profiles with (security_invoker = true) as
  select * from admin_reads.profiles;

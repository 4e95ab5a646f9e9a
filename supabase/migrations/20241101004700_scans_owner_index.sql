-- Written by npm run db:diff from supabase/schemas/ (docs/schema-first.md).

drop index if exists "public"."scans_user_id_idx";

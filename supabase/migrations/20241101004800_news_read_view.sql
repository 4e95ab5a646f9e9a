-- Written by npm run db:diff from supabase/schemas/ (docs/schema-first.md).

create or replace view "admin_reads"."news" as  SELECT id,
    title,
    content,
    source_url,
    source_url_screenshot,
    created_at,
    updated_at
   FROM public.news n
  WHERE ( SELECT public.is_admin() AS is_admin);


create or replace view "public"."admin_news" as  SELECT id,
    title,
    content,
    source_url,
    source_url_screenshot,
    created_at,
    updated_at
   FROM admin_reads.news;


CREATE TRIGGER admin_news_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.admin_news FOR EACH ROW EXECUTE FUNCTION private.refuse_admin_view_write();

REVOKE ALL ON TABLE public.admin_news FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON TABLE public.admin_news TO service_role;
GRANT SELECT ON TABLE public.admin_news TO authenticated;

REVOKE ALL ON TABLE admin_reads.news FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE admin_reads.news TO authenticated;

COMMENT ON VIEW admin_reads.news IS 'The admin''s news list, read with the owner''s rights behind the operator gate, so that a search''s ilike is planned from the column statistics (docs/deploying.md, "How the admin views pass the advisor"); writes go to public.news.';

ALTER VIEW public.admin_news SET (security_invoker='true');

-- Baseline: supabase/schemas/25_trash_purge_runs.sql as npm run db:squash wrote it (docs/schema-first.md).

-- The trash: its grants, functions, tables, indexes, policies (after supabase/schemas/25_trash.sql, which this continues).
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

SET check_function_bodies = false;

--
-- Name: FUNCTION move_to_trash(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.move_to_trash() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.move_to_trash() FROM PUBLIC;


--
-- Name: FUNCTION named_objects(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.named_objects() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.named_objects() FROM PUBLIC;


--
-- Name: FUNCTION remove_trash_entries(ids uuid[], action text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.remove_trash_entries(ids uuid[], action text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.remove_trash_entries(ids uuid[], action text) FROM PUBLIC;


--
-- Name: FUNCTION storage_object_name(bucket text, url text); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.storage_object_name(bucket text, url text) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.storage_object_name(bucket text, url text) FROM PUBLIC;


--
-- Name: FUNCTION owned_objects(resource text, record jsonb); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.owned_objects(resource text, record jsonb) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.owned_objects(resource text, record jsonb) FROM PUBLIC;


--
-- Name: FUNCTION upload_fields(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.upload_fields() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.upload_fields() FROM PUBLIC;


--
-- Name: FUNCTION admin_delete_forever(ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_delete_forever(ids uuid[]) TO service_role;


--
-- Name: FUNCTION admin_restore_trashed(ids uuid[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) TO authenticated;
GRANT ALL ON FUNCTION public.admin_restore_trashed(ids uuid[]) TO service_role;


--
-- Name: FUNCTION admin_trash_retention_days(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.admin_trash_retention_days() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.admin_trash_retention_days() FROM PUBLIC;
GRANT ALL ON FUNCTION public.admin_trash_retention_days() TO authenticated;
GRANT ALL ON FUNCTION public.admin_trash_retention_days() TO service_role;


--
-- Name: FUNCTION orphan_objects(min_age interval); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.orphan_objects(min_age interval) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.orphan_objects(min_age interval) FROM PUBLIC;
GRANT ALL ON FUNCTION public.orphan_objects(min_age interval) TO service_role;


--
-- Name: FUNCTION purge_trash(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.purge_trash() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.purge_trash() FROM PUBLIC;
GRANT ALL ON FUNCTION public.purge_trash() TO service_role;


--
-- Name: FUNCTION trash_resource_known(); Type: ACL; Schema: private; Owner: -
--

REVOKE ALL ON FUNCTION private.trash_resource_known() FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.trash_resource_known() FROM PUBLIC;


--
-- Name: TABLE trash; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.trash FROM anon, authenticated, service_role;
GRANT ALL ON TABLE public.trash TO service_role;
GRANT SELECT ON TABLE public.trash TO authenticated;


--
-- Name: record_purge_run(boolean, text, integer, integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.record_purge_run(succeeded boolean, reason text DEFAULT NULL::text, purged integer DEFAULT 0, files_removed integer DEFAULT 0, orphans_removed integer DEFAULT 0) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into public.trash_purge_runs (succeeded, reason, purged, files_removed, orphans_removed)
  values (succeeded, pg_catalog.left(reason, 500), purged, files_removed, orphans_removed);
  delete from public.trash_purge_runs r where r.ran_at < now() - interval '90 days';
end
$$;


--
-- Name: FUNCTION record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) IS 'Records one run of the trash purge (service role only: the purge-trash function calls it after each run).';


--
-- Name: trash_purge_runs; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.trash_purge_runs (
    id bigint NOT NULL,
    ran_at timestamp with time zone DEFAULT now() NOT NULL,
    succeeded boolean NOT NULL,
    reason text,
    purged integer DEFAULT 0 NOT NULL,
    files_removed integer DEFAULT 0 NOT NULL,
    orphans_removed integer DEFAULT 0 NOT NULL,
    CONSTRAINT trash_purge_runs_reason_length CHECK ((char_length(reason) <= 500)),
    CONSTRAINT trash_purge_runs_reason_when_failed CHECK ((succeeded = (reason IS NULL)))
);


--
-- Name: TABLE trash_purge_runs; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.trash_purge_runs IS 'One row per run of the trash purge (supabase/functions/purge-trash): when, whether it succeeded, why not, and what it removed. Written by public.record_purge_run() only.';


--
-- Name: trash_purge_runs_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.trash_purge_runs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.trash_purge_runs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: trash_purge_runs trash_purge_runs_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.trash_purge_runs
    ADD CONSTRAINT trash_purge_runs_pkey PRIMARY KEY (id);


--
-- Name: trash_purge_runs_ran_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX trash_purge_runs_ran_at_idx ON public.trash_purge_runs USING btree (ran_at DESC);


--
-- Name: trash_purge_runs Operators read the purge runs; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Operators read the purge runs" ON public.trash_purge_runs FOR SELECT TO authenticated USING (( SELECT public.is_admin() AS is_admin));


--
-- Name: trash_purge_runs; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.trash_purge_runs ENABLE ROW LEVEL SECURITY;


--
-- Name: FUNCTION record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) FROM anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.record_purge_run(succeeded boolean, reason text, purged integer, files_removed integer, orphans_removed integer) TO service_role;


--
-- Name: TABLE trash_purge_runs; Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON TABLE public.trash_purge_runs FROM anon, authenticated, service_role;
GRANT SELECT ON TABLE public.trash_purge_runs TO authenticated;
GRANT SELECT ON TABLE public.trash_purge_runs TO service_role;

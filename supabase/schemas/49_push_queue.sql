-- The push queue: pgmq's 'push' queue and its worker RPCs (service role): scheduling in the
-- recipient's time, enqueueing a send in batches into the queue, claiming, marking and recording
-- each (send, device) once. docs/architecture/push.md, "The queue".
--
-- pgmq (Supabase Queues) is the platform's: a hosted project has it as an extension, enabled here
-- where not yet; the stand-in's platform and the hosted model install pgmq's SQL-only install
-- instead where their server has no pgmq extension (mocks/supabase/vendor/pgmq,
-- mocks/supabase/db/prepare.ts platformQueueSql). Either way the project uses pgmq's API only
-- (create, send_batch, read, set_vt, delete), which is the same in both.
--
-- The current definition (docs/architecture.md, "The schema in one place"): edit here, then write
-- the migration that makes the same change; supabase/tests/schemas.test.ts proves the two agree.

DO $queue$
BEGIN
  -- The SQL-only install makes the schema without the extension: enabling it there would clash.
  IF to_regnamespace('pgmq') IS NULL THEN
    CREATE EXTENSION IF NOT EXISTS pgmq;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pgmq.meta WHERE queue_name = 'push') THEN
    PERFORM pgmq.create('push');
  END IF;
END
$queue$;

SET check_function_bodies = false;

--
-- Name: push_time_zone(text); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zone(locale text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The time zone a device's locale stands for. Both locales the app knows are read in India, so
  -- both are IST; a new locale in user_devices_locale_known gets its zone here.
  select case locale when 'en' then 'Asia/Kolkata' when 'hi' then 'Asia/Kolkata' else 'Asia/Kolkata' end
$$;

--
-- Name: push_time_zones(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_time_zones() RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select distinct private.push_time_zone(l) from unnest(array['en', 'hi']) l $$;

--
-- Name: push_release_at(timestamp with time zone, text, boolean); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Quiet hours: nothing between 22:00 and 08:00 local unless urgent; a push due then waits for 08:00.
  select case
    when urgent then due
    when (due at time zone zone)::time >= time '22:00' then (((due at time zone zone)::date + 1) + time '08:00') at time zone zone
    when (due at time zone zone)::time < time '08:00' then ((due at time zone zone)::date + time '08:00') at time zone zone
    else due
  end
$$;

--
-- Name: push_clock(); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- The worker's "now": the transaction's time, or labellens.push_clock where the caller (the service
  -- role: the worker RPCs are its alone) sets it, so the database tests can stand at 23:00 IST.
  select coalesce(nullif(current_setting('labellens.push_clock', true), '')::timestamptz, now())
$$;

--
-- Name: push_start_due(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_start_due(batch_size integer DEFAULT 10000) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  s public.push_sends;
  budget integer := greatest(1, least(batch_size, 100000));
  clock timestamp with time zone := private.push_clock();
  last_person uuid;
  taken integer;
  lim integer;
  n bigint;
  pending integer := 0;
begin
  -- The worker (service role) starts the sends whose time has come in some recipient's zone, then
  -- enqueues one message per matching device, each visible at its own local time (quiet hours pushed
  -- to 08:00), for at most batch_size people per call: a send to a million devices is many short
  -- transactions, not one past the statement timeout. The send keeps how far it got (enqueue_cursor,
  -- the last person enqueued, in user_id order) in the same transaction as the messages, so a call
  -- that dies enqueues nothing and the next resumes where the last committed one stopped; the row
  -- lock keeps two workers off the same send. Returns how many of the sends this call could lock
  -- still have people to enqueue: the worker calls again while it is above 0.
  update public.push_sends p set status = 'sending', started_at = now(), queued = 0, enqueue_cursor = null
   where p.status = 'scheduled'
     and (p.send_at_local is null
          or exists (select 1 from private.push_time_zones() z where p.send_at_local <= (clock at time zone z)));
  for s in
    select * from public.push_sends p
     where p.status in ('sending', 'paused') and p.enqueued_at is null
     order by p.created_at
     for update skip locked
  loop
    if budget <= 0 then
      pending := pending + 1;
      continue;
    end if;
    lim := budget;
    execute
      'with people as (
         select p.user_id from private.push_people p
          where ' || private.push_audience_where(s.definition) || ' and ($6::uuid is null or p.user_id > $6)
          order by p.user_id limit $7),
       targets as (
         select d.id, greatest(0, ceil(extract(epoch from private.push_release_at(
                  greatest($5, coalesce($2 at time zone private.push_time_zone(d.locale), $5)),
                  private.push_time_zone(d.locale), $3) - $5)))::integer as delay
           from people x join public.user_devices d on d.user_id = x.user_id
          where (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))),
       batches as (
         select pgmq.send_batch(''push'', array_agg(jsonb_build_object(''s'', $4, ''d'', t.id)), t.delay) as msg_id
           from (select t.*, row_number() over (order by t.id) / 10000 as chunk from targets t) t
          group by t.delay, t.chunk)
       select (select x.user_id from people x order by x.user_id desc limit 1), (select count(*) from people)::integer, (select count(*) from batches)'
      using s.definition, s.send_at_local, s.urgent, s.id, clock, s.enqueue_cursor, lim
      into last_person, taken, n;
    budget := budget - taken;
    update public.push_sends p
       set queued = p.queued + n, enqueue_cursor = coalesce(last_person, p.enqueue_cursor),
           enqueued_at = case when taken < lim then now() end
     where p.id = s.id;
    if taken >= lim then pending := pending + 1; end if;
    perform private.push_finish(s.id);
  end loop;
  return pending;
end
$$;

--
-- Name: push_claim(integer, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_claim(qty integer, visibility_seconds integer DEFAULT 60) RETURNS TABLE(msg_id bigint, send_id uuid, device_id uuid, token text, title text, body text, data jsonb, urgent boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  m record;
  s public.push_sends;
  d public.user_devices;
  prior public.push_deliveries;
  zone text;
  release timestamp with time zone;
  today_pushes bigint;
  cap integer := (select p.daily_cap from public.push_settings p where p.id = 1);
  clock timestamp with time zone := private.push_clock();
begin
  -- The worker's read: up to qty messages, hidden from other readers for visibility_seconds. A
  -- message whose (send, device) already has an outcome is deleted unsent (a worker that died after
  -- recording it, or a duplicate). One claimed and never marked sending (its worker died first) goes
  -- again; one marked sending and never answered may have reached FCM, so it is not sent twice: it
  -- fails as unknown. Quiet hours, a paused send and the daily cap are checked here, when sending.
  for m in select r.msg_id, r.read_ct, r.message from pgmq.read('push', visibility_seconds, least(qty, 1000)) r loop
    select * into s from public.push_sends p where p.id = (m.message ->> 's')::uuid;
    select * into d from public.user_devices x where x.id = (m.message ->> 'd')::uuid;
    select * into prior from public.push_deliveries x where x.send_id = s.id and x.device_id = d.id;
    if s.id is null or d.id is null or s.status in ('cancelled', 'done') or prior.status in ('sent', 'failed', 'removed', 'capped') then
      perform pgmq.delete('push', m.msg_id);
      if s.id is not null and prior.status is null and s.status = 'sending' then
        update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
        perform private.push_finish(s.id);
      end if;
      continue;
    end if;
    if s.status = 'paused' then
      perform pgmq.set_vt('push', m.msg_id, 30);
      continue;
    end if;
    if prior.status = 'sending' then
      update public.push_deliveries x set status = 'failed', error = 'The worker stopped while sending: delivery unknown', updated_at = clock
       where x.send_id = s.id and x.device_id = d.id;
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set failed = p.failed + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    zone := private.push_time_zone(d.locale);
    release := private.push_release_at(clock, zone, s.urgent);
    if release > clock then
      perform pgmq.set_vt('push', m.msg_id, ceil(extract(epoch from release - clock))::integer);
      continue;
    end if;
    -- One person's pushes of their local day, this send counted once whatever their devices.
    perform pg_advisory_xact_lock(hashtext('push-cap'), hashtext(d.user_id::text));
    select count(distinct x.send_id) into today_pushes
      from public.push_deliveries x
     where x.user_id = d.user_id and x.status in ('claimed', 'sending', 'sent') and x.send_id <> s.id
       and x.updated_at >= (date_trunc('day', clock at time zone zone) at time zone zone);
    if today_pushes >= cap and not exists (
         select 1 from public.push_deliveries x where x.user_id = d.user_id and x.send_id = s.id and x.status in ('claimed', 'sending', 'sent')) then
      insert into public.push_deliveries (send_id, device_id, user_id, status, error, updated_at)
      values (s.id, d.id, d.user_id, 'capped', 'Daily cap of ' || cap || ' pushes reached', clock);
      perform pgmq.delete('push', m.msg_id);
      update public.push_sends p set skipped = p.skipped + 1 where p.id = s.id;
      perform private.push_finish(s.id);
      continue;
    end if;
    insert into public.push_deliveries as x (send_id, device_id, user_id, status, updated_at)
    values (s.id, d.id, d.user_id, 'claimed', clock)
    on conflict on constraint push_deliveries_pkey do update set attempts = x.attempts + 1, updated_at = clock;
    msg_id := m.msg_id;
    send_id := s.id;
    device_id := d.id;
    token := d.token;
    -- The device's language, English where the send has no text in it.
    title := case when d.locale = 'hi' and s.title_hi is not null then s.title_hi else s.title_en end;
    body := case when d.locale = 'hi' and s.body_hi is not null then s.body_hi else s.body_en end;
    data := s.data;
    urgent := s.urgent;
    return next;
  end loop;
end
$$;

--
-- Name: push_finish(uuid); Type: FUNCTION; Schema: private; Owner: -
--

CREATE FUNCTION private.push_finish(send uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.push_sends p set status = 'done', finished_at = now()
   where p.id = send and p.status in ('sending', 'paused') and p.enqueued_at is not null
     and p.sent + p.failed + p.removed + p.skipped >= p.queued
$$;

--
-- Name: push_mark_sending(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_mark_sending(items jsonb) RETURNS TABLE(send_id uuid, device_id uuid)
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  -- The worker's last word before it calls FCM: [{send_id, device_id}] claimed rows become sending,
  -- and it sends only the rows answered here (another worker may have claimed a message since).
  update public.push_deliveries x set status = 'sending', updated_at = now()
    from jsonb_to_recordset(items) as i(send_id uuid, device_id uuid)
   where x.send_id = i.send_id and x.device_id = i.device_id and x.status = 'claimed'
  returning x.send_id, x.device_id
$$;

--
-- Name: push_record(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.push_record(results jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  r record;
  recorded integer := 0;
  changed integer;
  attempts integer;
begin
  -- The worker's answers: [{msg_id, send_id, device_id, outcome: sent|failed|removed|retry,
  -- message_id, error, retry_after}]. An outcome is recorded once: a row marked sending becomes
  -- final, and the send's counters move with it; a repeated or late answer changes nothing.
  for r in select * from jsonb_to_recordset(results) as x(msg_id bigint, send_id uuid, device_id uuid, outcome text,
                                                          message_id text, error text, retry_after integer) loop
    if r.outcome = 'retry' then
      select x.attempts into attempts from public.push_deliveries x where x.send_id = r.send_id and x.device_id = r.device_id;
      if attempts < 5 then
        -- Back to claimed: FCM refused it, so the next claim sends it again.
        update public.push_deliveries x set status = 'claimed', error = left(r.error, 500), updated_at = now()
         where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
        perform pgmq.set_vt('push', r.msg_id, greatest(1, least(3600, coalesce(r.retry_after, (2 ^ (attempts - 1))::integer))));
        continue;
      end if;
      r.outcome := 'failed';
    end if;
    if r.outcome not in ('sent', 'failed', 'removed') then
      raise exception 'Unknown outcome %', r.outcome using errcode = '22023';
    end if;
    update public.push_deliveries x
       set status = r.outcome, message_id = r.message_id, error = left(r.error, 500), updated_at = now()
     where x.send_id = r.send_id and x.device_id = r.device_id and x.status = 'sending';
    get diagnostics changed = row_count;
    perform pgmq.delete('push', r.msg_id);
    if changed = 0 then continue; end if;
    recorded := recorded + 1;
    if r.outcome = 'removed' then
      delete from public.user_devices d where d.id = r.device_id;
    end if;
    update public.push_sends p
       set sent = p.sent + (r.outcome = 'sent')::integer,
           failed = p.failed + (r.outcome = 'failed')::integer,
           removed = p.removed + (r.outcome = 'removed')::integer
     where p.id = r.send_id;
    perform private.push_finish(r.send_id);
  end loop;
  return recorded;
end
$$;

--
-- Function privileges: the worker's RPCs for the service role only.
--

REVOKE ALL ON FUNCTION private.push_time_zone(locale text) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_time_zones() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_release_at(due timestamp with time zone, zone text, urgent boolean) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_clock() FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION private.push_finish(send uuid) FROM PUBLIC, anon, authenticated, service_role;
REVOKE ALL ON FUNCTION public.push_start_due(batch_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_start_due(batch_size integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_claim(qty integer, visibility_seconds integer) TO service_role;
REVOKE ALL ON FUNCTION public.push_mark_sending(items jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_mark_sending(items jsonb) TO service_role;
REVOKE ALL ON FUNCTION public.push_record(results jsonb) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_record(results jsonb) TO service_role;

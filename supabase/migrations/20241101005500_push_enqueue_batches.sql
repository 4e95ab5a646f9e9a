-- Enqueueing in batches, resumable (docs/architecture/push.md, "The queue"): push_start_due enqueues
-- at most batch_size people per call and records how far it got in the send; a send is done only
-- once all of it is enqueued. One translation of an audience (over private.push_people) for the
-- count, the sample and the enqueue; a send with has_device = false reaches no device.

SET check_function_bodies = false;

ALTER TABLE public.push_sends ADD COLUMN enqueue_cursor uuid;
ALTER TABLE public.push_sends ADD COLUMN enqueued_at timestamp with time zone;

-- Sends started before this change were enqueued whole by one statement.
UPDATE public.push_sends SET enqueued_at = started_at WHERE started_at IS NOT NULL;

CREATE OR REPLACE FUNCTION private.push_audience_pairs(definition jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  -- The (locale, platform) pairs a definition reaches, as 'en_android' ...: the names of
  -- private.push_people's device columns the count sums, and what a device's locale || '_' ||
  -- platform is matched against when the sample and the enqueue read the devices themselves.
  select coalesce(array_agg(l || '_' || pl order by l, pl), '{}')
    from unnest(array['en', 'hi']) l, unnest(array['android', 'ios', 'web']) pl
   where (not definition ? 'locales' or definition -> 'locales' ? l)
     and (not definition ? 'platforms' or definition -> 'platforms' ? pl)
$$;

REVOKE ALL ON FUNCTION private.push_audience_pairs(definition jsonb) FROM PUBLIC, anon, authenticated, service_role;

CREATE OR REPLACE FUNCTION private.push_audience_where(definition jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
declare
  -- The one translation of a definition into SQL: fixed fragments over p (private.push_people), every
  -- value read from $1, the definition itself, bound at EXECUTE: nothing from the request is spliced
  -- into the text. The count sums p's device columns; the sample and the enqueue join the devices
  -- of the people it selects (d, filtered by private.push_audience_pairs).
  parts text[] := array['not p.deleted'];
  matching text := coalesce(nullif(array_to_string(array(select 'p.' || c from unnest(private.push_audience_pairs(definition)) c), ' + '), ''), '0');
begin
  if definition ? 'conditions' then
    parts := parts || text 'p.conditions && array(select jsonb_array_elements_text($1 -> ''conditions''))';
  end if;
  if definition ? 'allergies' then
    parts := parts || text 'p.allergies && array(select jsonb_array_elements_text($1 -> ''allergies''))';
  end if;
  if definition ? 'signed_up_after' then
    parts := parts || text 'p.created_at >= (($1 ->> ''signed_up_after'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'signed_up_before' then
    parts := parts || text 'p.created_at < (($1 ->> ''signed_up_before'')::date::timestamp at time zone ''Asia/Kolkata'')';
  end if;
  if definition ? 'scanned_within_days' then
    parts := parts || text 'p.last_scan_at >= now() - make_interval(days => ($1 ->> ''scanned_within_days'')::integer)';
  end if;
  if definition ? 'not_scanned_within_days' then
    parts := parts || text '(p.last_scan_at is null or p.last_scan_at < now() - make_interval(days => ($1 ->> ''not_scanned_within_days'')::integer))';
  end if;
  if definition -> 'has_device' = 'false'::jsonb then
    -- People without a device: nobody a push reaches, counted for the composer only.
    parts := parts || text '(p.en_android + p.en_ios + p.en_web + p.hi_android + p.hi_ios + p.hi_web) = 0';
  else
    parts := parts || ('(' || matching || ') > 0');
  end if;
  return array_to_string(parts, ' and ');
end
$$;

CREATE OR REPLACE FUNCTION private.push_audience_counts(definition jsonb, OUT people bigint, OUT devices bigint) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  -- The device sum names the fixed (locale, platform) columns the definition's known values select.
  matching text := case when definition -> 'has_device' = 'false'::jsonb then '0'
    else coalesce(nullif(array_to_string(array(select 'p.' || c from unnest(private.push_audience_pairs(definition)) c), ' + '), ''), '0') end;
begin
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  execute 'select count(*), coalesce(sum(' || matching || '), 0)::bigint from private.push_people p where '
    || private.push_audience_where(definition)
    using definition into people, devices;
end
$$;

CREATE OR REPLACE FUNCTION public.push_audience_sample(definition jsonb) RETURNS TABLE(user_id uuid, email text, locale text, platform text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- People are shown to the roles that list users (private.list_readers), no one else.
  if not public.has_admin_role(variadic (select r.roles from private.list_readers() r where r.screen = 'users')) then
    raise exception 'Your role cannot see the people of an audience' using errcode = '42501';
  end if;
  if private.push_audience_issue(definition) is not null then
    raise exception 'Invalid audience: %', private.push_audience_issue(definition) using errcode = '22023';
  end if;
  return query execute
    'select d.user_id, e.email, d.locale, d.platform from private.push_people p
       join public.user_devices d on d.user_id = p.user_id
       left join private.user_emails e on e.user_id = d.user_id
      where ' || private.push_audience_where(definition) || '
        and (d.locale || ''_'' || d.platform) = any (private.push_audience_pairs($1))
      order by d.user_id, d.id limit 10'
    using definition;
end
$$;

CREATE OR REPLACE FUNCTION private.push_finish(send uuid) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  update public.push_sends p set status = 'done', finished_at = now()
   where p.id = send and p.status in ('sending', 'paused') and p.enqueued_at is not null
     and p.sent + p.failed + p.removed + p.skipped >= p.queued
$$;

DROP FUNCTION public.push_start_due();

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

REVOKE ALL ON FUNCTION public.push_start_due(batch_size integer) FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_start_due(batch_size integer) TO service_role;

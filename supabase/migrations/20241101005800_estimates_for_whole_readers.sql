-- A planned or estimated count only of a list whose every row the operator's role reads: the
-- planner's estimate comes from the table's statistics, which count the rows the caller cannot
-- read too (docs/architecture/security.md, "No planned or estimated counts for non-admins").

create function admin_reads.may_estimate(path text) returns boolean
    language sql stable
    set search_path to ''
    as $$
  -- The relation a REST path reads ('/audit_log', '/admin_scans'; a function's '/rpc/…' reads none
  -- this can vouch for): a table, or an admin list's view public.admin_<table> of its table (whose
  -- joins, the owner's email or a count of messages, add no rows). The estimate is blind to hidden
  -- rows only when the caller's role reads every row of that table (admin_reads.walks_every_row).
  select path !~ '(^|/)rpc/' and coalesce((
    select admin_reads.walks_every_row(
             case when c.relkind = 'v' then pg_catalog.substring(c.relname, '^admin_(.+)$') else c.relname end)
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::pg_catalog.regnamespace
       and c.relname = pg_catalog.substring(path, '([^/]+)/?$')
       and c.relkind in ('r', 'p', 'v')), false)
$$;

comment on function admin_reads.may_estimate(path text) is 'Whether a planned or estimated count of the REST path `path` is blind to rows the caller cannot read: it reads a public table, or the admin list view public.admin_<table> of one, every row of which the caller''s operator role reads (admin_reads.walks_every_row). Asked by public.pre_request.';

revoke all on function admin_reads.may_estimate(path text) from public;
grant all on function admin_reads.may_estimate(path text) to authenticated;
grant all on function admin_reads.may_estimate(path text) to service_role;

create or replace function public.pre_request() RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
begin
  if current_user not in ('anon', 'authenticated') then
    return;
  end if;
  if coalesce(lower(coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'prefer')
              ~ 'count=(planned|estimated)', false) is false then
    return;
  end if;
  -- Its own statement: anonymous callers are never admins and may not execute is_admin(), and
  -- Postgres checks that right when it prepares an expression, whether or not it evaluates the call.
  if current_user = 'authenticated' then
    if public.is_admin() then
      -- The planner's estimate counts rows from the table's statistics, hidden ones included: an
      -- operator gets it only of a list whose every row its role reads.
      if admin_reads.may_estimate(current_setting('request.path', true)) then
        return;
      end if;
      raise sqlstate 'PT403' using
        message = 'Planned and estimated counts are only for lists your role reads in full',
        hint = 'Ask for count=exact, which counts only the rows you can read';
    end if;
  end if;
  raise sqlstate 'PT403' using
    message = 'Planned and estimated counts are for admins only',
    hint = 'Ask for count=exact, which counts only the rows you can read';
end
$$;

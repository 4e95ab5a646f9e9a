-- The sends list names who sent, who approved and who may approve.

CREATE FUNCTION public.push_operators() RETURNS TABLE(user_id uuid, email text, role text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- The active push operators by email, for the sends list: who sent, who approved, and which
  -- owners may approve a send waiting for approval (any owner but its author).
  perform private.push_require_role('owner', 'support');
  return query
    select a.user_id, e.email, a.role from public.admin_users a
      left join private.user_emails e on e.user_id = a.user_id
     where a.is_active and a.accepted_at is not null and a.role in ('owner', 'support')
     order by e.email;
end
$$;

REVOKE ALL ON FUNCTION public.push_operators() FROM PUBLIC, anon, authenticated, service_role;
GRANT ALL ON FUNCTION public.push_operators() TO authenticated;

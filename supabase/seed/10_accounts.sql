-- LabelLens demo data: the accounts (Auth users, identities, operators, the MFA factor). The
-- first file of supabase/config.toml's [db.seed] sql_paths; supabase/seed.sql, the last, describes
-- the accounts and the rules every seed file follows.

-- ---------------------------------------------------------------------------------------------
-- Auth users

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  recovery_token, email_change_token_new, email_change, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000', d.id::uuid, 'authenticated', 'authenticated', d.email,
       extensions.crypt(d.password, extensions.gen_salt('bf')), now() - interval '90 days', '', '', '', '',
       now() - d.last_seen, '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('full_name', d.full_name), now() - interval '90 days', now() - interval '90 days'
  from (values
    ('00000000-0000-4000-8000-000000000001', 'admin@labellens.dev', 'LabelLens-admin-1', 'Neha Admin', interval '2 hours'),
    ('00000000-0000-4000-8000-000000000002', 'user@labellens.dev', 'LabelLens-user-1', 'Aarav Sharma', interval '1 day'),
    ('00000000-0000-4000-8000-000000000003', 'inactive-admin@labellens.dev', 'LabelLens-inactive-1', 'Vijay Former', interval '40 days'),
    ('00000000-0000-4000-8000-000000000004', 'mfa-admin@labellens.dev', 'LabelLens-mfa-1', 'Ira Secure', interval '3 hours'),
    ('00000000-0000-4000-8000-000000000005', 'editor@labellens.dev', 'LabelLens-editor-1', 'Esha Editor', interval '5 hours'),
    ('00000000-0000-4000-8000-000000000006', 'support@labellens.dev', 'LabelLens-support-1', 'Sahil Support', interval '6 hours')
  ) as d (id, email, password, full_name, last_seen);

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
  confirmation_sent_at, recovery_token, email_change_token_new, email_change, phone, phone_confirmed_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at
)
select '00000000-0000-0000-0000-000000000000',
       md5('labellens-user-' || p.n)::uuid,
       'authenticated', 'authenticated',
       lower(p.first_name || '.' || p.last_name) || '@example.in',
       case when p.provider = 'email' then hash.value else '' end,
       case when p.email_confirmed then joined + interval '10 minutes' end,
       '', joined, '', '', '',
       p.phone,
       case when p.phone_confirmed then joined + interval '15 minutes' end,
       case when p.n % 7 = 3 then null else now() - make_interval(hours => (p.n * 17) % 300) end,
       jsonb_build_object('provider', p.provider, 'providers', jsonb_build_array(p.provider)),
       jsonb_build_object('full_name', p.first_name || ' ' || p.last_name, 'city', p.city),
       case when p.banned then now() + interval '365 days' end,
       joined, joined + make_interval(days => p.n % 5)
  from (values
  (1, 'Priya', 'Patel', 'Ahmedabad', '919876543210', true, 'email', true, false),
  (2, 'Rohan', 'Mehta', 'Mumbai', null, false, 'email', true, false),
  (3, 'Ananya', 'Iyer', 'Chennai', null, false, 'google', true, false),
  (4, 'Vikram', 'Singh', 'Jaipur', '919812345678', false, 'email', true, false),
  (5, 'Sneha', 'Reddy', 'Hyderabad', null, false, 'email', true, false),
  (6, 'Arjun', 'Nair', 'Kochi', null, false, 'email', true, false),
  (7, 'Kavya', 'Gupta', 'Delhi', null, false, 'google', true, false),
  (8, 'Aditya', 'Joshi', 'Pune', null, false, 'email', true, true),
  (9, 'Meera', 'Krishnan', 'Bengaluru', null, false, 'email', false, false),
  (10, 'Rahul', 'Verma', 'Lucknow', null, false, 'email', true, false),
  (11, 'Pooja', 'Desai', 'Surat', null, false, 'email', true, false),
  (12, 'Siddharth', 'Rao', 'Mysuru', null, false, 'email', true, false),
  (13, 'Ishita', 'Banerjee', 'Kolkata', null, false, 'email', true, false),
  (14, 'Karan', 'Malhotra', 'Chandigarh', null, false, 'email', true, false),
  (15, 'Divya', 'Pillai', 'Thiruvananthapuram', null, false, 'email', true, false),
  (16, 'Manish', 'Tiwari', 'Bhopal', null, false, 'email', true, false),
  (17, 'Neha', 'Kulkarni', 'Nagpur', null, false, 'email', true, false),
  (18, 'Amit', 'Chauhan', 'Indore', null, false, 'email', true, false),
  (19, 'Lakshmi', 'Subramanian', 'Coimbatore', null, false, 'email', true, false),
  (20, 'Farhan', 'Qureshi', 'Hyderabad', null, false, 'email', true, false),
  (21, 'Simran', 'Kaur', 'Amritsar', null, false, 'email', true, false),
  (22, 'Deepak', 'Yadav', 'Patna', null, false, 'email', true, false),
  (23, 'Anjali', 'Mishra', 'Varanasi', null, false, 'email', true, false),
  (24, 'Suresh', 'Menon', 'Kozhikode', null, false, 'email', true, false),
  (25, 'Ritu', 'Agarwal', 'Kanpur', null, false, 'email', true, false),
  (26, 'Nikhil', 'Bhatt', 'Vadodara', null, false, 'email', true, false),
  (27, 'Shreya', 'Ghosh', 'Kolkata', null, false, 'email', true, false),
  (28, 'Harish', 'Gowda', 'Bengaluru', null, false, 'email', true, false),
  (29, 'Zoya', 'Khan', 'Bhopal', null, false, 'email', true, false),
  (30, 'Gaurav', 'Saxena', 'Gwalior', null, false, 'email', true, false),
  (31, 'Tanvi', 'Shetty', 'Mangaluru', null, false, 'email', true, false),
  (32, 'Sanjay', 'Dubey', 'Jabalpur', null, false, 'email', true, false)
  ) as p (n, first_name, last_name, city, phone, phone_confirmed, provider, email_confirmed, banned)
 cross join (select extensions.crypt('LabelLens-demo-1', extensions.gen_salt('bf')) as value) hash
 cross join lateral (select now() - make_interval(days => 85 - p.n * 2, hours => p.n) as joined) j;

-- GoTrue signs a user in through auth.identities: one email (or google) identity per user.
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
       jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', u.email_confirmed_at is not null),
       coalesce(u.raw_app_meta_data ->> 'provider', 'email'), u.last_sign_in_at, u.created_at, u.updated_at
  from auth.users u
 where not exists (select 1 from auth.identities i where i.user_id = u.id);

insert into public.admin_users (user_id, is_active, created_at) values
  ('00000000-0000-4000-8000-000000000001', true, now() - interval '90 days'),
  ('00000000-0000-4000-8000-000000000003', false, now() - interval '90 days'),
  ('00000000-0000-4000-8000-000000000004', true, now() - interval '90 days');

insert into public.admin_users (user_id, is_active, role, created_at) values
  ('00000000-0000-4000-8000-000000000005', true, 'editor', now() - interval '60 days'),
  ('00000000-0000-4000-8000-000000000006', true, 'support', now() - interval '60 days');

-- The MFA demo admin's authenticator app (GoTrue stores a TOTP secret as base32 text when database
-- encryption is off); mocks/supabase/demoAccounts.ts holds the same secret for the start-up banner.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at) values
  ('00000000-0000-4000-8000-00000000f4c7', '00000000-0000-4000-8000-000000000004', 'Demo authenticator',
   'totp', 'verified', 'LABELLENSDEMOADMINTOTPSECRETKEY2', now() - interval '90 days', now() - interval '90 days');

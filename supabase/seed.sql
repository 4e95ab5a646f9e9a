-- LabelLens demo data. Runs once on a new local database (mocks/supabase/db/prepare.ts) and is also
-- valid for `supabase db reset` on a CLI/hosted project. Deterministic: fixed ids (md5-derived for
-- generated rows) and fixed offsets from the moment of seeding, so "the last 7 days" always has data.
--
-- Demo accounts (local only):
--   admin@labellens.dev          / LabelLens-admin-1     active admin
--   user@labellens.dev           / LabelLens-user-1      app user with scans, profiles, chats, a device
--   inactive-admin@labellens.dev / LabelLens-inactive-1  admin_users row with is_active = false
--   mfa-admin@labellens.dev      / LabelLens-mfa-1       active admin with an authenticator app: the
--                                                        code step asks for a code from TOTP secret
--                                                        LABELLENSDEMOADMINTOTPSECRETKEY2
--   editor@labellens.dev         / LabelLens-editor-1    operator with the editor role (news, tips, tags)
--   support@labellens.dev        / LabelLens-support-1   operator with the support role (reads, inbox, pushes)
-- The 32 other app users sign in with LabelLens-demo-1 (email ones) or Google (no password).
--
-- The Supabase CLI sends this file as one batch and prepares every statement before it runs any,
-- so no statement may use an object an earlier statement of this file creates (no temporary
-- tables): each statement carries its own data (VALUES) or reads what earlier ones inserted.
-- mocks/supabase/db/cliSql.ts loads it the same way locally.

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

-- ---------------------------------------------------------------------------------------------
-- Packaged foods scanned (per 100 g/ml: kcal, protein, carbs, sugar, fat, saturated fat, sodium mg, fibre)


with products (n, name, category, score, description, ingredients, allergens, kcal, protein, carbs, sugar, fat,
               sat_fat, sodium, fibre) as (values
  (1, 'Maggi 2-Minute Masala Noodles', 'Instant Noodles', 32, 'Instant wheat noodles with masala tastemaker.',
   '{Refined wheat flour (maida),Palm oil,Iodised salt,Wheat gluten,Mixed spices,Onion powder,Sugar,Flavour enhancer (635)}'::text[], '{Wheat,Gluten}'::text[], 427, 8.2, 59.4, 2.1, 16.7, 7.8, 1120, 2.4),
  (2, 'Sunfeast Yippee! Magic Masala Noodles', 'Instant Noodles', 35, 'Round, non-sticky instant noodles with masala.',
   '{Refined wheat flour (maida),Palm oil,Salt,Spices and condiments,Sugar,Dehydrated vegetables}', '{Wheat,Gluten,Soy}', 440, 8.9, 60.2, 2.8, 17.5, 8.1, 1050, 2.0),
  (3, 'Parle-G Gold Biscuits', 'Biscuits', 38, 'Glucose biscuits made with wheat flour and milk solids.',
   '{Wheat flour,Sugar,Edible vegetable oil (palm),Invert sugar syrup,Milk solids,Leavening agents,Salt}', '{Wheat,Gluten,Milk}', 462, 6.9, 76.8, 26.5, 14.0, 6.6, 290, 1.6),
  (4, 'Britannia Good Day Cashew Cookies', 'Biscuits', 30, 'Butter cookies with cashew pieces.',
   '{Refined wheat flour,Sugar,Palm oil,Cashew nuts (5%),Butter,Milk solids,Raising agents,Salt}', '{Wheat,Gluten,Milk,Tree nuts}', 505, 6.5, 63.0, 24.0, 25.0, 12.5, 310, 1.2),
  (5, 'Britannia NutriChoice Digestive', 'Biscuits', 62, 'High-fibre whole wheat digestive biscuits.',
   '{Whole wheat flour (45%),Refined wheat flour,Palm oil,Sugar,Wheat bran,Malt extract,Raising agents}', '{Wheat,Gluten}', 470, 8.0, 65.0, 14.0, 19.5, 9.0, 420, 8.5),
  (6, 'Sunfeast Dark Fantasy Choco Fills', 'Biscuits', 22, 'Cookies with a molten chocolate filling.',
   '{Refined wheat flour,Sugar,Palm oil,Cocoa solids,Milk solids,Emulsifier (soy lecithin),Salt}', '{Wheat,Gluten,Milk,Soy}', 510, 5.2, 66.0, 36.0, 25.5, 13.8, 260, 2.1),
  (7, 'Haldiram''s Aloo Bhujia', 'Snacks', 28, 'Spicy potato and gram flour noodle snack.',
   '{Potato,Gram flour (besan),Edible vegetable oil,Moth bean flour,Salt,Red chilli,Black pepper,Mint}', '{}', 585, 11.0, 42.0, 1.5, 41.0, 14.0, 980, 5.0),
  (8, 'Haldiram''s Moong Dal', 'Snacks', 45, 'Fried salted split green gram.',
   '{Moong dal (split green gram),Edible vegetable oil,Salt}', '{}', 520, 23.0, 46.0, 1.0, 27.0, 9.5, 640, 6.5),
  (9, 'Lay''s India''s Magic Masala', 'Snacks', 25, 'Potato chips with Indian masala seasoning.',
   '{Potato,Edible vegetable oil (palmolein, rice bran),Spices and condiments,Salt,Sugar,Onion powder}', '{Milk}', 544, 6.6, 52.0, 3.8, 34.2, 14.4, 760, 3.9),
  (10, 'Kurkure Masala Munch', 'Snacks', 20, 'Extruded corn and rice puffs with masala.',
   '{Rice meal,Edible vegetable oil,Corn meal,Gram meal,Spices and condiments,Salt,Sugar,Acidity regulator (330)}', '{Milk}', 555, 6.0, 56.0, 3.5, 34.0, 13.5, 870, 1.5),
  (11, 'Bingo! Mad Angles Achaari Masti', 'Snacks', 24, 'Triangle chips with pickle-style seasoning.',
   '{Corn grits,Edible vegetable oil,Rice grits,Spices,Salt,Sugar,Mango powder}', '{}', 530, 6.5, 60.0, 4.0, 29.0, 12.0, 820, 2.5),
  (12, 'Amul Taaza Toned Milk', 'Dairy', 82, 'Pasteurised toned milk, 3% fat.',
   '{Toned milk}', '{Milk}', 58, 3.1, 4.7, 4.7, 3.0, 1.9, 45, 0),
  (13, 'Amul Masti Dahi', 'Dairy', 85, 'Set curd made from pasteurised toned milk.',
   '{Pasteurised toned milk,Active lactic culture}', '{Milk}', 62, 3.4, 4.8, 4.8, 3.1, 2.0, 48, 0),
  (14, 'Amul Pasteurised Butter', 'Dairy', 40, 'Salted table butter.',
   '{Milk fat,Common salt}', '{Milk}', 722, 0.5, 0.6, 0.6, 80.0, 51.0, 580, 0),
  (15, 'Mother Dairy Mishti Doi', 'Dairy', 55, 'Sweetened Bengali-style set curd.',
   '{Toned milk,Sugar,Milk solids,Active culture}', '{Milk}', 125, 3.8, 20.0, 18.0, 3.2, 2.1, 55, 0),
  (16, 'Epigamia Greek Yogurt Natural', 'Dairy', 84, 'Thick strained unsweetened yogurt.',
   '{Pasteurised toned milk,Milk solids,Active cultures}', '{Milk}', 80, 8.0, 5.0, 4.5, 3.0, 2.0, 40, 0),
  (17, 'Cadbury Bournvita Health Drink', 'Health Drinks', 42, 'Chocolate malt drink powder.',
   '{Cereal extract,Sugar,Cocoa solids,Milk solids,Liquid glucose,Minerals,Vitamins}', '{Wheat,Gluten,Milk,Soy}', 388, 7.0, 85.0, 49.0, 1.8, 1.0, 260, 2.5),
  (18, 'Horlicks Classic Malt', 'Health Drinks', 45, 'Malted health drink powder.',
   '{Wheat flour,Malted barley,Milk solids,Sugar,Minerals,Vitamins}', '{Wheat,Gluten,Milk}', 377, 11.0, 78.0, 32.0, 2.0, 1.0, 340, 3.0),
  (19, 'Complan Royale Chocolate', 'Health Drinks', 44, 'Chocolate milk protein drink powder.',
   '{Milk solids,Sugar,Maltodextrin,Cocoa solids,Vegetable oil,Minerals,Vitamins}', '{Milk,Soy}', 416, 18.0, 62.0, 32.0, 11.0, 4.0, 330, 1.0),
  (20, 'Kellogg''s Corn Flakes Original', 'Breakfast Cereals', 58, 'Toasted corn flakes fortified with iron.',
   '{Corn grits (90%),Sugar,Malt extract,Iodised salt,Vitamins,Minerals}', '{Wheat}', 378, 7.0, 84.0, 8.0, 0.8, 0.2, 730, 3.0),
  (21, 'Saffola Masala Oats Classic Masala', 'Breakfast Cereals', 70, 'Rolled oats with vegetables and masala.',
   '{Rolled oats (70%),Dehydrated vegetables,Spices,Salt,Sugar,Edible vegetable oil}', '{Gluten}', 380, 11.5, 63.0, 4.5, 8.5, 2.5, 980, 8.0),
  (22, 'Quaker Oats', 'Breakfast Cereals', 90, 'Wholegrain rolled oats.',
   '{Rolled oats (100%)}', '{Gluten}', 389, 13.0, 67.0, 1.0, 7.0, 1.2, 6, 10.0),
  (23, 'MTR Rava Idli Mix', 'Ready to Eat', 66, 'Semolina idli mix with spices.',
   '{Semolina (rava),Dehydrated curd,Edible vegetable oil,Salt,Cashew,Mustard,Curry leaves,Green chilli}', '{Wheat,Gluten,Milk,Tree nuts}', 365, 10.5, 70.0, 3.0, 4.5, 1.5, 850, 3.5),
  (24, 'MTR Ready to Eat Dal Makhani', 'Ready to Eat', 52, 'Retort-packed black lentils in butter gravy.',
   '{Water,Black gram,Kidney beans,Tomato,Butter,Cream,Edible vegetable oil,Salt,Spices}', '{Milk}', 118, 4.8, 11.0, 1.8, 6.0, 3.2, 520, 3.1),
  (25, 'Haldiram''s Rasgulla', 'Sweets', 30, 'Cottage-cheese dumplings in sugar syrup.',
   '{Sugar,Water,Chhena (cottage cheese),Refined wheat flour,Cardamom}', '{Milk,Wheat}', 186, 4.0, 40.0, 38.0, 1.5, 1.0, 20, 0),
  (26, 'Bikano Soan Papdi', 'Sweets', 26, 'Flaky gram flour sweet with ghee.',
   '{Sugar,Gram flour,Refined wheat flour,Ghee,Vegetable fat,Almonds,Pistachio,Cardamom}', '{Wheat,Gluten,Milk,Tree nuts}', 530, 6.0, 64.0, 45.0, 28.0, 14.0, 25, 1.5),
  (27, 'Cadbury Dairy Milk', 'Chocolates', 24, 'Milk chocolate bar.',
   '{Sugar,Milk solids (24%),Cocoa butter,Cocoa solids,Emulsifiers (442, 476),Flavours}', '{Milk,Soy}', 534, 7.3, 57.0, 56.0, 30.0, 18.0, 110, 2.1),
  (28, 'Amul Dark Chocolate 55%', 'Chocolates', 58, 'Bitter-sweet dark chocolate.',
   '{Cocoa solids (55%),Sugar,Cocoa butter,Emulsifier (soy lecithin)}', '{Soy,Milk}', 545, 7.0, 46.0, 40.0, 36.0, 22.0, 15, 8.0),
  (29, 'Frooti Mango Drink', 'Beverages', 18, 'Mango fruit drink with added sugar.',
   '{Water,Mango pulp (19.5%),Sugar,Acidity regulator (330),Antioxidant (300),Colour (150d)}', '{}', 66, 0, 16.3, 15.9, 0, 0, 20, 0),
  (30, 'Thums Up', 'Beverages', 10, 'Carbonated cola soft drink.',
   '{Carbonated water,Sugar,Acidity regulator (338),Caffeine,Colour (150d),Flavours}', '{}', 44, 0, 11.0, 11.0, 0, 0, 10, 0),
  (31, 'Paper Boat Aam Panna', 'Beverages', 48, 'Raw mango cooler with cumin and mint.',
   '{Water,Raw mango pulp,Sugar,Salt,Cumin,Black salt,Mint}', '{}', 52, 0.1, 12.8, 12.0, 0, 0, 190, 0.3),
  (32, 'Real Fruit Power Orange', 'Beverages', 40, 'Orange juice drink from concentrate.',
   '{Water,Orange juice concentrate,Sugar,Acidity regulator (330),Vitamin C}', '{}', 55, 0.2, 13.5, 12.5, 0, 0, 12, 0.2),
  (33, 'Tata Tea Premium', 'Beverages', 75, 'Blended black tea leaves.',
   '{Black tea}', '{}', 2, 0.1, 0.3, 0, 0, 0, 3, 0),
  (34, 'Kissan Mixed Fruit Jam', 'Spreads & Sauces', 28, 'Jam from mixed fruit pulp.',
   '{Sugar,Mixed fruit pulp (45%),Pectin,Acidity regulator (330),Preservative (211)}', '{}', 283, 0.3, 70.0, 66.0, 0.1, 0, 25, 0.8),
  (35, 'Maggi Hot & Sweet Tomato Chilli Sauce', 'Spreads & Sauces', 30, 'Tangy tomato and chilli sauce.',
   '{Water,Sugar,Tomato paste,Chilli,Salt,Acidity regulator (260),Thickener (1422),Preservative (211)}', '{}', 152, 0.9, 37.0, 33.0, 0.2, 0, 1300, 0.5),
  (36, 'Fortune Chakki Fresh Atta', 'Staples', 88, 'Whole wheat flour, chakki ground.',
   '{Whole wheat}', '{Wheat,Gluten}', 341, 12.0, 70.0, 1.0, 1.7, 0.3, 2, 11.2),
  (37, 'Tata Sampann Unpolished Toor Dal', 'Staples', 92, 'Unpolished split pigeon peas.',
   '{Toor dal (split pigeon peas)}', '{}', 343, 22.0, 58.0, 2.0, 1.5, 0.3, 17, 15.0),
  (38, 'Aashirvaad Multigrain Atta', 'Staples', 90, 'Flour of wheat, soya, channa, oat, maize and psyllium husk.',
   '{Whole wheat,Soya,Channa dal,Oat,Maize,Psyllium husk}', '{Wheat,Gluten,Soy}', 352, 13.0, 68.0, 1.5, 2.0, 0.4, 5, 12.0),
  (39, 'McCain Aloo Tikki', 'Frozen Foods', 45, 'Frozen spiced potato patties.',
   '{Potato,Edible vegetable oil,Peas,Breadcrumbs,Salt,Spices,Green chilli,Coriander}', '{Wheat,Gluten}', 185, 3.0, 26.0, 1.5, 7.5, 3.0, 480, 2.5),
  (40, 'iD Fresh Idly & Dosa Batter', 'Ready to Eat', 80, 'Fermented rice and urad dal batter.',
   '{Rice,Urad dal,Fenugreek,Salt,Water}', '{}', 155, 4.2, 32.0, 0.5, 0.5, 0.1, 300, 1.5),
  (41, 'Patanjali Cow''s Ghee', 'Dairy', 50, 'Clarified butter from cow''s milk.',
   '{Cow milk fat}', '{Milk}', 897, 0, 0, 0, 99.7, 62.0, 0, 0),
  (42, 'Too Yumm! Multigrain Chips', 'Snacks', 52, 'Baked multigrain chips.',
   '{Corn grits,Rice grits,Oats,Ragi,Edible vegetable oil,Spices,Salt,Sugar}', '{}', 440, 7.5, 68.0, 4.5, 15.0, 6.5, 650, 5.0),
  (43, 'Yoga Bar Multigrain Energy Bar', 'Snacks', 68, 'Oats, nuts and seeds energy bar.',
   '{Rolled oats,Brown rice syrup,Almonds,Dates,Quinoa crisps,Chia seeds,Honey}', '{Tree nuts,Gluten}', 405, 9.5, 61.0, 22.0, 13.5, 2.5, 60, 7.5),
  (44, 'Lijjat Udad Papad', 'Snacks', 55, 'Sun-dried black gram papad with pepper.',
   '{Udad dal flour,Salt,Black pepper,Edible oil,Asafoetida,Sodium bicarbonate}', '{}', 320, 23.0, 52.0, 1.0, 2.5, 0.5, 1850, 10.0),
  (45, 'Bru Instant Coffee', 'Beverages', 70, 'Instant coffee and chicory blend.',
   '{Coffee (70%),Chicory (30%)}', '{}', 353, 12.0, 74.0, 0, 0.5, 0.2, 40, 0)
), recipes (category, recipe) as (values
  ('Instant Noodles', 'Cook half the noodles with a cup of chopped vegetables and a beaten egg or paneer cubes; use half the tastemaker and finish with lemon juice.'),
  ('Biscuits', 'Crumble two biscuits over a bowl of curd with chopped banana and a spoon of roasted flaxseed instead of eating the pack.'),
  ('Snacks', 'Make a chana chaat: boiled chickpeas, onion, tomato, cucumber, coriander and lemon, topped with one spoon of the snack for crunch.'),
  ('Dairy', 'Blend curd with mint, cucumber and roasted jeera for a cooling raita, or set overnight oats in milk with fruit.'),
  ('Health Drinks', 'Stir one teaspoon (not three) into warm milk with a pinch of haldi and add soaked almonds for protein.'),
  ('Breakfast Cereals', 'Cook as a savoury upma with vegetables, peanuts and curry leaves; skip added sugar.'),
  ('Ready to Eat', 'Serve with a big bowl of salad and steamed rice or a whole wheat roti to balance the salt.'),
  ('Sweets', 'Share one piece after a meal; make a quick shrikhand from hung curd, cardamom and a little jaggery instead.'),
  ('Chocolates', 'Melt two squares over a bowl of mixed fruit and nuts; keep the rest for another day.'),
  ('Beverages', 'Swap for nimbu pani with a pinch of salt and jaggery, or dilute one part juice with two parts water and ice.'),
  ('Spreads & Sauces', 'Mix a spoon with fresh tomato-coriander chutney so you need much less on your roti.'),
  ('Staples', 'Knead with grated lauki or methi leaves for soft, fibre-rich rotis; pair dal with plenty of vegetables.'),
  ('Frozen Foods', 'Air-fry or shallow-fry on a tawa with minimal oil and serve with mint chutney and a salad.')
)
insert into public.scans (
  id, user_id, name, description, image_url, image_path, health_score, category, analysis, ingredients,
  health_benefits, health_risks, allergens, nutrition_facts, healthy_recipe, is_favorite, created_at
)
select md5('labellens-scan-' || s.n)::uuid,
       case
         when s.n <= 12 then '00000000-0000-4000-8000-000000000002'::uuid
         when s.n % 10 = 0 then null
         else md5('labellens-user-' || ((s.n * 11) % 32 + 1))::uuid
       end,
       p.name,
       p.description,
       null,
       -- the demo user's first six scans have label photos (supabase/storage/scan-images)
       case when s.n <= 6 then '00000000-0000-4000-8000-000000000002/label-' || s.n || '.png' end,
       score.value,
       p.category,
       case
         when score.value is null then 'The label could not be read clearly enough to score this product. Try scanning the nutrition panel again in good light.'
         else format('%s scores %s/100 (%s). %s', p.name, score.value,
                     case when score.value >= 80 then 'Excellent' when score.value >= 60 then 'Good'
                          when score.value >= 40 then 'Fair' else 'Poor' end,
                     case when score.value >= 80 then 'A good everyday choice with few processed ingredients.'
                          when score.value >= 60 then 'Fine in regular portions; watch the salt and sugar lines.'
                          when score.value >= 40 then 'Have it occasionally and balance it with fresh food.'
                          else 'Best kept as an occasional treat: it is high in the nutrients to limit.' end)
       end,
       p.ingredients,
       array_remove(array[
         case when p.protein >= 8 then 'Good source of protein' end,
         case when p.fibre >= 6 then 'High in dietary fibre' end,
         case when p.sugar <= 5 and p.kcal > 0 then 'Low in sugar' end,
         case when p.category = 'Dairy' then 'Provides calcium' end
       ], null),
       array_remove(array[
         case when p.sugar > 15 then 'High in added sugar' end,
         case when p.sodium > 600 then 'High in sodium' end,
         case when p.sat_fat > 5 then 'High in saturated fat' end,
         case when array_to_string(p.ingredients, ',') ilike '%maida%' or array_to_string(p.ingredients, ',') ilike '%refined wheat%' then 'Made with refined flour' end
       ], null),
       p.allergens,
       jsonb_build_object(
         'serving', case when p.category = 'Beverages' then 'per 100 ml' else 'per 100 g' end,
         'energy_kcal', p.kcal, 'protein_g', p.protein, 'carbohydrates_g', p.carbs, 'sugar_g', p.sugar,
         'fat_g', p.fat, 'saturated_fat_g', p.sat_fat, 'sodium_mg', p.sodium, 'fibre_g', p.fibre
       ),
       r.recipe,
       s.n % 6 = 0,
       -- spread over 60 days, a little denser towards today
       now() - make_interval(secs => round(60 * 86400 * power(((s.n * 7919) % 1000) / 1000.0, 1.3))::integer)
  from generate_series(1, 180) as s (n)
  join products p on p.n = (s.n * 7) % 45 + 1
  join recipes r on r.category = p.category
 cross join lateral (
   select case when s.n % 19 = 0 then null else greatest(0, least(100, p.score + (s.n * 13) % 15 - 7)) end as value
 ) score;

-- ---------------------------------------------------------------------------------------------
-- Profiles: the demo user's family, a Self profile for every app user, relatives for some

insert into public.profiles (
  id, user_id, name, avatar, relationship, age, gender, height, weight, date_of_birth, health_conditions,
  allergies, dietary_restrictions, created_at, avatar_path
) values
  (md5('labellens-profile-demo-1')::uuid, '00000000-0000-4000-8000-000000000002', 'Aarav Sharma', null, null, 36, 'male', 176, 78.5,
   (now() - interval '36 years 2 months')::date, '{High cholesterol}', '{}', '{Low sodium}', now() - interval '89 days', '00000000-0000-4000-8000-000000000002/profile-1.png'),
  (md5('labellens-profile-demo-2')::uuid, '00000000-0000-4000-8000-000000000002', 'Priya Sharma', null, 'Spouse', 34, 'female', 162, 58,
   (now() - interval '34 years 5 months')::date, '{Hypothyroidism}', '{Peanuts}', '{Vegetarian}', now() - interval '88 days', '00000000-0000-4000-8000-000000000002/profile-2.png'),
  (md5('labellens-profile-demo-3')::uuid, '00000000-0000-4000-8000-000000000002', 'Ananya Sharma', null, 'Daughter', 9, 'female', 132, 27,
   (now() - interval '9 years 1 month')::date, '{}', '{Milk}', '{Vegetarian}', now() - interval '80 days', '00000000-0000-4000-8000-000000000002/profile-3.png'),
  (md5('labellens-profile-demo-4')::uuid, '00000000-0000-4000-8000-000000000002', 'Kamla Devi', null, 'Mother', 64, 'female', 155, 66,
   (now() - interval '64 years 7 months')::date, '{Type 2 diabetes,Hypertension}', '{}', '{Diabetic,Low sodium,Vegetarian}', now() - interval '75 days', '00000000-0000-4000-8000-000000000002/profile-4.png');

insert into public.profiles (
  id, user_id, name, relationship, age, gender, height, weight, date_of_birth, health_conditions, allergies,
  dietary_restrictions, created_at
)
select md5('labellens-profile-self-' || p.n)::uuid, md5('labellens-user-' || p.n)::uuid, p.first_name || ' ' || p.last_name,
       case when p.n % 5 = 0 then 'Self' end,
       22 + (p.n * 7) % 40,
       case when p.first_name in ('Priya','Ananya','Sneha','Kavya','Meera','Pooja','Ishita','Divya','Neha','Lakshmi',
                                  'Simran','Anjali','Ritu','Shreya','Zoya','Tanvi') then 'female' else 'male' end,
       150 + (p.n * 3) % 35, 50 + (p.n * 5) % 40,
       (now() - make_interval(years => 22 + (p.n * 7) % 40, days => p.n * 9))::date,
       ((array['{}', '{Type 2 diabetes}', '{}', '{Hypertension}', '{PCOS}', '{}', '{High cholesterol}'])[p.n % 7 + 1])::text[],
       ((array['{}', '{Peanuts}', '{}', '{Gluten}', '{}', '{Lactose}'])[p.n % 6 + 1])::text[],
       ((array['{Vegetarian}', '{}', '{Jain}', '{Vegan}', '{Eggetarian}', '{}'])[p.n % 6 + 1])::text[],
       now() - make_interval(days => 84 - p.n * 2)
  from (select g.n, split_part(u.raw_user_meta_data ->> 'full_name', ' ', 1) as first_name,
               split_part(u.raw_user_meta_data ->> 'full_name', ' ', 2) as last_name
          from generate_series(1, 32) as g (n) join auth.users u on u.id = md5('labellens-user-' || g.n)::uuid) p;

insert into public.profiles (id, user_id, name, relationship, age, gender, health_conditions, allergies, dietary_restrictions, created_at)
select md5('labellens-profile-family-' || p.n)::uuid, md5('labellens-user-' || p.n)::uuid,
       f.name || ' ' || p.last_name, f.relationship, f.age, f.gender, f.conditions, f.allergies, f.diet,
       now() - make_interval(days => 60 - p.n)
  from (select g.n, split_part(u.raw_user_meta_data ->> 'full_name', ' ', 1) as first_name,
               split_part(u.raw_user_meta_data ->> 'full_name', ' ', 2) as last_name
          from generate_series(1, 32) as g (n) join auth.users u on u.id = md5('labellens-user-' || g.n)::uuid) p
  join (values
    (0, 'Sunita', 'Mother', 61, 'female', '{Hypertension}'::text[], '{}'::text[], '{Vegetarian}'::text[]),
    (1, 'Ramesh', 'Father', 66, 'male', '{Type 2 diabetes}', '{}', '{Diabetic}'),
    (2, 'Aisha', 'Daughter', 7, 'female', '{}', '{Peanuts}', '{}'),
    (3, 'Kabir', 'Son', 12, 'male', '{Asthma}', '{}', '{}')
  ) as f (k, name, relationship, age, gender, conditions, allergies, diet) on f.k = p.n % 4
 where p.n % 3 = 0;

-- Self profiles summarise their owner's scans.
update public.profiles pr
   set scans_count = agg.total, avg_health_score = round(agg.average, 2), last_scan_date = agg.latest
  from (select user_id, count(*) as total, avg(health_score) as average, max(created_at) as latest
          from public.scans where user_id is not null group by user_id) agg
 where pr.user_id = agg.user_id and coalesce(pr.relationship, 'Self') = 'Self';

-- ---------------------------------------------------------------------------------------------
-- Chats with the nutrition assistant (some anonymous, some empty)


insert into public.chats (id, user_id, title, created_at, updated_at)
select md5('labellens-chat-' || c.n)::uuid,
       case
         when c.n <= 3 then '00000000-0000-4000-8000-000000000002'::uuid
         when c.n % 6 = 0 then null
         else md5('labellens-user-' || ((c.n * 5) % 32 + 1))::uuid
       end,
       conv.title,
       now() - make_interval(days => (c.n * 17) % 55, hours => c.n),
       now() - make_interval(days => (c.n * 17) % 55, hours => c.n) + interval '20 minutes'
  from generate_series(1, 36) as c (n)
  join (values
    (0, 'Is Maggi okay for kids?'),
    (1, 'Diabetes-friendly breakfast'),
    (2, 'Healthy snacks for office'),
    (3, 'Reading the sugar line'),
    (4, 'Peanut allergy check'),
    (5, 'Ghee vs butter'),
    (6, 'Low sodium options'),
    (7, 'Protein for a vegetarian teen'),
    (8, 'Fruit juice for toddlers'),
    (9, 'Understanding E-numbers')
  ) as conv (k, title) on conv.k = c.n % 10;

-- Every fifth chat is left empty; the others get one to three question/answer rounds.
insert into public.messages (chat_id, role, content, created_at)
select ch.id, m.role,
       case when m.role = 'user'
            then case when turn.k = 1 then conv.question else 'Thanks. Anything else I should check on the label?' end
            else case when turn.k = 1 then conv.answer
                      else 'Check the serving size first, then sugar, sodium and saturated fat per 100 g, and the allergen statement.' end
       end,
       ch.created_at + make_interval(mins => turn.k * 4 + case when m.role = 'assistant' then 1 else 0 end)
  from generate_series(1, 36) as c (n)
  join public.chats ch on ch.id = md5('labellens-chat-' || c.n)::uuid
  join (values
    (0, 'Can my 9 year old eat Maggi noodles every day?',
     'Once in a while is fine, but not daily: one pack has over 1 g of sodium, about half a child''s daily limit. Add vegetables and use half the tastemaker.'),
    (1, 'My mother has type 2 diabetes. Which breakfast cereal should I buy?',
     'Plain rolled oats or a millet-based cereal without added sugar. Avoid flavoured flakes; check that sugar is under 5 g per 100 g.'),
    (2, 'What packaged snacks can I keep at my desk?',
     'Roasted chana, makhana, unsalted nuts or a low-sugar energy bar. Fried namkeen and chips are high in salt and saturated fat.'),
    (3, 'Why does the label say "total sugars" and "added sugars"?',
     'Total sugars include natural milk and fruit sugars; added sugars are what the maker put in. FSSAI asks that added sugar be declared separately.'),
    (4, 'How do I know if a biscuit has traces of peanuts?',
     'Look at the allergen statement below the ingredients ("contains" and "may contain"). If it is missing, contact the brand before giving it to someone with an allergy.'),
    (5, 'Is ghee healthier than butter?',
     'Both are mostly saturated fat. Ghee has no milk solids, so it suits lactose intolerance, but keep either to a teaspoon or two a day.'),
    (6, 'My doctor asked me to cut salt. What should I watch on labels?',
     'Sodium per 100 g: under 120 mg is low, over 600 mg is high. Instant noodles, papad, pickles and sauces are the usual surprises.'),
    (7, 'How can my son get more protein without eggs?',
     'Dal, paneer, curd, chana, soya chunks and peanuts. A packaged protein drink is rarely needed if meals include these.'),
    (8, 'Is packed mango drink okay for a 3 year old?',
     'Mango drinks are mostly water and sugar. Offer fresh fruit or plain water; keep juice drinks for rare treats.'),
    (9, 'What is INS 635 on my noodles packet?',
     'INS 635 is a flavour enhancer (disodium ribonucleotides). It is approved as safe, but it often comes with a lot of salt.')
  ) as conv (k, question, answer) on conv.k = c.n % 10
 cross join lateral generate_series(1, c.n % 3 + 1) as turn (k)
 cross join (values ('user'), ('assistant')) as m (role)
 where c.n % 5 <> 0;

-- ---------------------------------------------------------------------------------------------
-- Devices and payments

insert into public.user_devices (user_id, token, platform, created_at, updated_at) values
  ('00000000-0000-4000-8000-000000000002', 'demo-fcm-token-user-labellens-dev', 'android', now() - interval '60 days', now() - interval '1 day');
-- Every fourth device reads the app in Hindi (three of them belong to people with a peanut allergy).
insert into public.user_devices (user_id, token, platform, locale, created_at, updated_at)
select md5('labellens-user-' || p.n)::uuid, 'demo-fcm-token-' || p.n || '-' || left(md5('device-' || p.n), 12),
       case when p.n % 8 = 0 then 'ios' else 'android' end,
       case when p.n % 4 = 3 then 'hi' else 'en' end,
       now() - make_interval(days => 80 - p.n * 2), now() - make_interval(days => p.n % 9)
  from (select g.n, split_part(u.raw_user_meta_data ->> 'full_name', ' ', 1) as first_name,
               split_part(u.raw_user_meta_data ->> 'full_name', ' ', 2) as last_name
          from generate_series(1, 32) as g (n) join auth.users u on u.id = md5('labellens-user-' || g.n)::uuid) p
 where p.n % 2 = 1;

insert into public.payments (user_id, amount, currency, status, created_at) values
  ('00000000-0000-4000-8000-000000000002', 499.00, 'INR', 'succeeded', now() - interval '45 days'),
  ('00000000-0000-4000-8000-000000000002', 499.00, 'INR', 'succeeded', now() - interval '15 days'),
  (md5('labellens-user-1')::uuid, 1999.00, 'INR', 'succeeded', now() - interval '30 days'),
  (md5('labellens-user-5')::uuid, 199.00, 'INR', 'succeeded', now() - interval '20 days'),
  (md5('labellens-user-12')::uuid, 499.00, 'INR', 'failed', now() - interval '9 days'),
  (md5('labellens-user-18')::uuid, 499.00, 'INR', 'pending', now() - interval '2 days'),
  (md5('labellens-user-21')::uuid, 1999.00, 'INR', 'refunded', now() - interval '25 days');

-- ---------------------------------------------------------------------------------------------
-- News (some without a screenshot)

insert into public.news (title, content, source_url, source_url_screenshot, created_at, translations)
select n.title, n.content, n.source_url, n.screenshot, now() - make_interval(days => n.age_days, hours => n.age_days % 7),
       (case n.age_days when 2 then '{"hi": {"title": "एफ़एसएसएआई का प्रस्ताव: चीनी, नमक और वसा के लिए पैक के सामने मोटे अक्षरों में लेबल", "content": "भारतीय खाद्य सुरक्षा और मानक प्राधिकरण ने प्रस्ताव रखा है कि पैक किए गए खाद्य पदार्थ कुल चीनी, नमक और संतृप्त वसा को पैक के सामने मोटे, बड़े अक्षरों में दिखाएँ, ताकि खरीदार एक नज़र में उत्पादों की तुलना कर सकें। उद्योग संगठनों को नियम अधिसूचित होने से पहले राय देने का समय दिया गया है।"}}' else '{}' end)::jsonb
  from (values
    ('FSSAI proposes bold front-of-pack labels for sugar, salt and fat',
     'The Food Safety and Standards Authority of India has proposed that packaged foods display total sugar, salt and saturated fat in bold, larger type on the front of the pack, so shoppers can compare products at a glance. Industry bodies have been given time to comment before the rules are notified.',
     'https://www.fssai.gov.in/', 'https://picsum.photos/seed/labellens-news-1/640/360', 2),
    ('ICMR-NIN dietary guidelines warn against ultra-processed foods',
     'The updated Dietary Guidelines for Indians from ICMR-National Institute of Nutrition recommend limiting ultra-processed foods high in fat, sugar and salt, and reading food labels carefully, including claims such as "natural" and "real fruit".',
     'https://www.nin.res.in/', 'https://picsum.photos/seed/labellens-news-2/640/360', 5),
    ('Why "no added sugar" does not always mean low sugar',
     'Fruit drinks and cereals labelled "no added sugar" can still contain concentrated fruit juice or malt extract. Nutritionists advise checking total sugars per 100 g and the ingredient list rather than the front-of-pack claim.',
     'https://www.who.int/news-room/fact-sheets/detail/healthy-diet', null, 8),
    ('Millets back on Indian plates after the International Year of Millets',
     'Ragi, jowar and bajra products have multiplied on supermarket shelves. Dietitians welcome the fibre and minerals but caution that millet cookies and namkeen can be as high in fat and sugar as their wheat versions.',
     'https://www.fao.org/millets-2023/en', 'https://picsum.photos/seed/labellens-news-4/640/360', 11),
    ('Salt intake in India is nearly double the WHO limit, survey finds',
     'A national survey estimates average salt intake at about 8 g a day, against the WHO recommendation of under 5 g. Packaged snacks, pickles, papad and instant noodles are major hidden sources.',
     'https://www.icmr.gov.in/', 'https://picsum.photos/seed/labellens-news-5/640/360', 14),
    ('Trans fat limit of 2% now applies to all fats and oils',
     'FSSAI regulations cap industrially produced trans fat at 2% of total fat in oils, fats and foods containing them. Look for "partially hydrogenated" in ingredient lists as a warning sign.',
     'https://www.fssai.gov.in/', null, 18),
    ('Reading allergen statements: "contains" versus "may contain"',
     'Labels must declare common allergens such as milk, wheat, soy, nuts and peanuts. "May contain" warnings indicate possible cross-contact in the factory and matter for people with severe allergies.',
     'https://foodsafetyhelpline.com/', 'https://picsum.photos/seed/labellens-news-7/640/360', 21),
    ('Childhood obesity rising in urban India',
     'Paediatricians report more overweight children in cities, linked to sugary drinks, packaged snacks and less outdoor play. Schools are being encouraged to restrict junk food within 50 metres of campuses.',
     'https://www.unicef.org/india/', 'https://picsum.photos/seed/labellens-news-8/640/360', 26),
    ('Eat Right India campaign expands to railway stations',
     'Food stalls at major railway stations are being certified under the Eat Right Station programme, which audits hygiene and promotes healthier menu options for travellers.',
     'https://eatrightindia.gov.in/', null, 31),
    ('Health drinks cannot be sold under the "health drink" category, says ministry',
     'E-commerce platforms were asked to move malt-based beverages out of the "health drinks" category, as the term is not defined under Indian food law. Several such drinks contain more than 30 g of sugar per 100 g.',
     'https://www.fssai.gov.in/', 'https://picsum.photos/seed/labellens-news-10/640/360', 36),
    ('How to spot hidden sugars on Indian labels',
     'Sugar appears under many names: invert syrup, liquid glucose, maltodextrin, jaggery powder, dextrose and fruit concentrate. If several appear in the first five ingredients, the product is sugar-heavy.',
     'https://www.nin.res.in/', 'https://picsum.photos/seed/labellens-news-11/640/360', 42),
    ('Fortified rice and edible oils: what the +F logo means',
     'The +F logo marks foods fortified with micronutrients such as iron, folic acid, vitamin B12, vitamin A and D, under FSSAI''s fortification standards, to tackle widespread deficiencies.',
     'https://ffrc.fssai.gov.in/', null, 47),
    ('Diabetes in India: labels to read before you buy',
     'With over 100 million people living with diabetes, doctors suggest checking carbohydrates and sugars per serving, choosing whole grains, and treating "diabetic-friendly" claims with caution.',
     'https://www.idf.org/', 'https://picsum.photos/seed/labellens-news-13/640/360', 52),
    ('Packaged water and soft drinks: new BIS rules explained',
     'Bureau of Indian Standards certification remains mandatory for packaged drinking water. Carbonated drinks must now state caffeine content where it exceeds set limits.',
     'https://www.bis.gov.in/', 'https://picsum.photos/seed/labellens-news-14/640/360', 58)
  ) as n (title, content, source_url, screenshot, age_days);

-- ---------------------------------------------------------------------------------------------
-- Health tips

-- A few tips in Hindi too (the rest show English in the app: public.health_tips_localized).
insert into public.health_tips (tip, created_at, translations)
select t.tip, now() - make_interval(days => t.k * 3, hours => t.k),
       (case t.k when 1 then '{"hi": {"tip": "सोडियम की तुलना प्रति सर्विंग नहीं, प्रति 100 ग्राम करें: 120 मिलीग्राम से कम हो तो कम है, 600 मिलीग्राम से ज़्यादा हो तो ज़्यादा।"}}' when 2 then '{"hi": {"tip": "अगर चीनी, किसी भी नाम से, पहली तीन सामग्रियों में है, तो उस उत्पाद को मिठाई मानें।"}}' when 3 then '{"hi": {"tip": "रोज़ तली हुई नमकीन के एक पैकेट की जगह मुट्ठी भर भुने चने खाएँ: फ़ाइबर और प्रोटीन बढ़ेगा।"}}' else '{}' end)::jsonb
  from (values
    (1, 'Compare sodium per 100 g, not per serving: under 120 mg is low, over 600 mg is high.'),
    (2, 'If sugar, in any of its names, is among the first three ingredients, treat the product as a sweet.'),
    (3, 'Swap one packet of fried namkeen a day for a handful of roasted chana to add fibre and protein.'),
    (4, 'Whole wheat atta should list only "whole wheat" as its ingredient; "wheat flour" often means maida.'),
    (5, 'Drink water before reaching for a soft drink: thirst is often mistaken for hunger.'),
    (6, 'Fill half your plate with vegetables, a quarter with dal or paneer and a quarter with grains.'),
    (7, 'Check "best before" and storage instructions: oils and nuts go rancid faster once opened.'),
    (8, 'Children under two should not be given foods with added sugar or salt.'),
    (9, 'Look for "partially hydrogenated oil" in the ingredients: it is a source of harmful trans fats.'),
    (10, 'A "multigrain" label can still mean mostly refined flour. Read the percentage of each grain.'),
    (11, 'Keep pickles and papad for taste, not volume: a spoon of pickle can hold a quarter of a day''s salt.'),
    (12, 'Choose plain curd over flavoured yoghurt and add fresh fruit for sweetness.'),
    (13, 'Walk for 10 minutes after meals to help control blood sugar.'),
    (14, 'Serving sizes on labels are often smaller than what people eat; multiply the figures accordingly.'),
    (15, 'Prefer cold-pressed or blended oils and rotate them; use no more than 3 to 4 teaspoons a day per person.'),
    (16, 'Allergen statements appear below the ingredient list. Read them every time: recipes change.'),
    (17, 'Sleep 7 to 8 hours: short sleep increases cravings for sugary and salty snacks.'),
    (18, 'Energy drinks are not for children or pregnant women because of their caffeine content.')
  ) as t (k, tip);

-- ---------------------------------------------------------------------------------------------
-- Tags in all seven categories, some inactive

insert into public.tags (key, label, icon, color, category, is_active, sort_order, created_at, translations)
select t.key, t.label, t.icon, t.color, t.category, t.is_active, t.sort_order, now() - make_interval(days => 70 - t.sort_order * 3),
       (case t.key when 'organic' then '{"hi": {"label": "जैविक"}}' when 'new-arrival' then '{"hi": {"label": "नया आगमन"}}' else '{}' end)::jsonb
  from (values
    ('organic', 'Organic', 'leaf', '#22c55e', 'general', true, 0),
    ('new-arrival', 'New Arrival', 'sparkles', '#3b82f6', 'general', true, 1),
    ('imported', 'Imported', 'globe', '#06b6d4', 'general', false, 2),
    ('high-protein', 'High Protein', 'dumbbell', '#8b5cf6', 'nutrition', true, 0),
    ('high-fibre', 'High Fibre', 'wheat', '#22c55e', 'nutrition', true, 1),
    ('low-sugar', 'Low Sugar', 'candy-off', '#06b6d4', 'nutrition', true, 2),
    ('high-sodium', 'High Sodium', 'alert-triangle', '#ef4444', 'nutrition', true, 3),
    ('vegetarian', 'Vegetarian', 'salad', '#22c55e', 'dietary', true, 0),
    ('vegan', 'Vegan', 'sprout', '#22c55e', 'dietary', true, 1),
    ('jain', 'Jain Friendly', 'flower', '#eab308', 'dietary', true, 2),
    ('keto', 'Keto', 'flame', '#f97316', 'dietary', false, 3),
    ('diabetic-friendly', 'Diabetic Friendly', 'heart-pulse', '#3b82f6', 'health', true, 0),
    ('heart-healthy', 'Heart Healthy', 'heart', '#ec4899', 'health', true, 1),
    ('kid-friendly', 'Kid Friendly', 'baby', '#eab308', 'health', true, 2),
    ('immunity', 'Immunity Boost', 'shield', '#8b5cf6', 'health', false, 3),
    ('contains-nuts', 'Contains Nuts', 'nut', '#f97316', 'allergen', true, 0),
    ('contains-gluten', 'Contains Gluten', 'wheat-off', '#ef4444', 'allergen', true, 1),
    ('contains-dairy', 'Contains Dairy', 'milk', '#3b82f6', 'allergen', true, 2),
    ('contains-soy', 'Contains Soy', 'bean', '#eab308', 'allergen', true, 3),
    ('north-indian', 'North Indian', 'utensils', '#f97316', 'cuisine', true, 0),
    ('south-indian', 'South Indian', 'utensils', '#22c55e', 'cuisine', true, 1),
    ('bengali', 'Bengali', 'fish', '#06b6d4', 'cuisine', true, 2),
    ('continental', 'Continental', 'chef-hat', '#8b5cf6', 'cuisine', false, 3),
    ('ready-to-eat', 'Ready to Eat', 'timer', '#ec4899', 'preparation', true, 0),
    ('instant', 'Instant', 'zap', '#eab308', 'preparation', true, 1),
    ('baked', 'Baked', 'cookie', '#f97316', 'preparation', true, 2),
    ('fried', 'Fried', 'flame', '#ef4444', 'preparation', true, 3),
    ('frozen', 'Frozen', 'snowflake', '#3b82f6', 'preparation', true, 4)
  ) as t (key, label, icon, color, category, is_active, sort_order);

-- ---------------------------------------------------------------------------------------------
-- Contact form submissions and push history

insert into public.contact_messages (first_name, last_name, email, subject, message, status, created_at) values
  ('Rekha', 'Jain', 'rekha.jain@example.in', 'Scanning Hindi labels', 'Does the app read labels printed only in Hindi? My mother buys local brands from Indore.', 'new', now() - interval '1 day'),
  ('Mohammed', 'Irfan', 'irfan.m@example.in', 'Partnership', 'We run a chain of health stores in Hyderabad and would like to discuss a partnership.', 'read', now() - interval '6 days'),
  ('Sonal', 'Thakur', 'sonal.thakur@example.in', 'Wrong score for dahi', 'The app gave plain curd a Fair score. I think the scan misread the sugar line.', 'new', now() - interval '3 days'),
  ('Arvind', 'Pillai', 'arvind.pillai@example.in', 'Delete my data', 'Please delete my account and all my scans. Thank you.', 'archived', now() - interval '20 days'),
  ('Nisha', '', 'nisha@example.in', '', 'Love the family profiles feature! Please add Marathi.', 'read', now() - interval '12 days'),
  ('Karthik', 'Raman', 'karthik.raman@example.in', 'Payment issue', 'I was charged twice for the yearly plan on my Android phone.', 'new', now() - interval '5 hours');

insert into public.notifications (user_id, title, body, data, status, message_id, error, sent_by, created_at) values
  ('00000000-0000-4000-8000-000000000002', 'New health tip', 'Compare sodium per 100 g, not per serving. Open LabelLens to learn more.', '{"screen": "tips"}',
   'sent', 'projects/labellens-dev/messages/0:1700000000000001', null, '00000000-0000-4000-8000-000000000001', now() - interval '10 days'),
  ('00000000-0000-4000-8000-000000000002', 'Your weekly summary', 'You scanned 4 products this week. Average score: 58.', '{}',
   'sent', 'projects/labellens-dev/messages/0:1700000000000002', null, '00000000-0000-4000-8000-000000000001', now() - interval '3 days'),
  (md5('labellens-user-4')::uuid, 'Welcome to LabelLens', 'Scan your first label to get a health score.', '{}',
   'failed', null, 'No device token registered for this user', '00000000-0000-4000-8000-000000000001', now() - interval '7 days');

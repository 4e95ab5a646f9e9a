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
-- The seed is several files, config.toml's [db.seed] sql_paths in order: supabase/seed/*.sql (the
-- accounts, the scans), then this one (the rest). The Supabase CLI sends each file as one batch and
-- prepares every statement before it runs any, so no statement may use an object an earlier
-- statement of its file creates (no temporary tables): each statement carries its own data (VALUES)
-- or reads what earlier ones (and earlier files) inserted. mocks/supabase/db/cliSql.ts loads them
-- the same way locally.

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

-- LabelLens demo data: the scans (after supabase/seed/10_accounts.sql, whose users they belong
-- to; supabase/seed.sql describes the rules every seed file follows).

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

-- Demo brands, stores, items and custom fields (loaded into an empty
-- database; see demo.go). Dates are relative to today so the demo never
-- goes stale.

insert into brands (id, name, status, app_logo, description, web_base_background_color,
                    ios_app_link, android_app_link, is_newpos_store, modules) values
('demo', '森活運動館', 'active', '/_static/demo/logo-demo.svg',
 '森活運動館是結合瑜珈、皮拉提斯、重量訓練與飛輪的複合式運動空間，信義與竹北兩館皆有專業教練帶領，從入門到進階都找得到適合你的課程。',
 'FF1B8A7A', 'https://apps.apple.com/tw/app/id1000000001', 'https://play.google.com/store/apps/details?id=tw.demo.senhuo', true,
 array['WEB_SHOP','FIND_ACTIVITY','FIND_PLAN','TERM_SCHEDULE','ONLINE_BUY_CLASS','TIMING_CARD','TIMING_CARD_QR',
       'PROMOTION','RECOMMENDATION','MEMBER_SIGN_IN','TICKET','BOOKING','PASSCARD','MEMBER_INFO','MOBILE_APP',
       'APP_ONLINE_PURCHASE','INVOICE','QUANTITY_PASSCARD_QR','ONLINE_PASSCARD','ONLINE_CUSTOMER_POINT',
       'MULTI_BOOKING','CHECK_IN_BOOKING','PLAN_SHARING','WAITING_LIST','E_CONTRACT',
       'QR_CHECK_IN','PRIVATE_COACH','CAPACITY','EMAIL_NOTIFICATION']),
('yoga', '晨光瑜珈', 'active', '/_static/demo/logo-yoga.svg',
 '晨光瑜珈專注於哈達、陰瑜珈與空中瑜珈，小班制教學，讓每一次練習都回到呼吸與身體。',
 'FF8E5BA8', '', '', false, array['WEB_SHOP','FIND_ACTIVITY','PROMOTION','MEMBER_SIGN_IN','TICKET','BOOKING','PASSCARD']),
('plan', '動能方案館', 'active', '/_static/demo/logo-plan.svg',
 '動能方案館提供月費、季費與年費方案，依你的訓練頻率挑選最划算的組合。',
 'FFE07B39', '', '', false, array['WEB_SHOP','FIND_PLAN','MEMBER_SIGN_IN','TICKET','BOOKING','PASSCARD']),
('term', '青橙兒童學苑', 'active', '/_static/demo/logo-term.svg',
 '青橙兒童學苑開設兒童體適能、游泳與舞蹈的學期課程，每期十二堂，循序漸進。',
 'FFF2A30F', '', '', false, array['TERM_SCHEDULE']),
('noshop', '靜心舞蹈教室', 'active', '/_static/demo/logo-noshop.svg',
 '靜心舞蹈教室目前僅提供現場報名。',
 'FF4A6FA5', '', '', false, array['FIND_ACTIVITY']),
('closed', '城市健身房', 'terminated', '', '城市健身房已停止營業。',
 'FF777777', '', '', false, array['WEB_SHOP','FIND_ACTIVITY']);

insert into brand_domains (host, brand_id, env) values
('fit.demo.test', 'demo', 'production');

insert into stores (brand_id, name, short_name, address, phone, opening_hours, map_url, has_line_pay, sort) values
('demo', '森活運動館 信義館', '信義館', '台北市信義區松仁路 100 號 5 樓', '02-2720-1234',
 '週一至週五 07:00–22:00；週六、週日 08:00–20:00',
 'https://www.google.com/maps/search/?api=1&query=台北市信義區松仁路100號', true, 1),
('demo', '森活運動館 竹北館', '竹北館', '新竹縣竹北市光明六路東一段 200 號', '03-550-5678',
 '週一至週五 07:00–22:30；週六、週日 07:30–22:00',
 'https://www.google.com/maps/search/?api=1&query=新竹縣竹北市光明六路東一段200號', false, 2),
('yoga', '晨光瑜珈 大安教室', '大安教室', '台北市大安區復興南路一段 300 號 3 樓', '02-2700-8899',
 '每日 06:30–21:30', 'https://www.google.com/maps/search/?api=1&query=台北市大安區復興南路一段300號', false, 1),
('plan', '動能方案館 中山館', '中山館', '台北市中山區南京東路二段 50 號', '02-2511-3344',
 '每日 06:00–23:00', 'https://www.google.com/maps/search/?api=1&query=台北市中山區南京東路二段50號', true, 1),
('term', '青橙兒童學苑 板橋校', '板橋校', '新北市板橋區文化路一段 88 號 2 樓', '02-2960-7788',
 '每日 09:00–20:00', 'https://www.google.com/maps/search/?api=1&query=新北市板橋區文化路一段88號', false, 1),
('noshop', '靜心舞蹈教室', '總館', '台中市西區公益路 168 號', '04-2320-1122',
 '週一至週六 14:00–22:00', 'https://www.google.com/maps/search/?api=1&query=台中市西區公益路168號', false, 1);

insert into items (brand_id, type, name, price, original_price, description, quantity,
                   validity_value, validity_unit, activation_type, on_shelf, sort) values
('demo', 'passcard', '單月暢遊通行卡', 2688, 3200, '30 天內不限次數使用兩館所有團體課與自由重訓區。首次預約課程當日開始計算效期。', null, 1, 'M', 'BOOKING', true, 1),
('demo', 'passcard', '季卡通行卡', 7200, 8400, '三個月不限次數，適合固定運動的你。付款完成後立即生效。', null, 3, 'M', 'IMMEDIATELY', true, 2),
('demo', 'passcard', '年度通行卡', 24800, 32000, '一年不限次數，另享每月一次 InBody 檢測。可自選開卡日（30 天內）。', null, 1, 'Y', 'CUSTOM', true, 3),
('demo', 'passcard', '週末體驗通行卡', 499, null, '一週內可無限次參加週末團體課，首次入場開始計算。', null, 1, 'W', 'ATTEND', true, 4),
('demo', 'quantityPasscard', '團課 10 堂計次卡', 3500, 4000, '可預約任一團體課程 10 次，效期六個月。', 10, 6, 'M', 'BOOKING', true, 1),
('demo', 'quantityPasscard', '團課 20 堂計次卡', 6400, 8000, '可預約任一團體課程 20 次，效期一年，兩館通用。', 20, 1, 'Y', 'BOOKING', true, 2),
('demo', 'quantityPasscard', '私人教練 5 堂', 7500, null, '一對一私人教練課 5 堂，量身打造訓練計畫。', 5, 3, 'M', 'ATTEND', true, 3),
('demo', 'point', '儲值票券 1,000 點', 1000, null, '可折抵課程、飲品與周邊商品，點數效期一年。', 1000, 1, 'Y', 'IMMEDIATELY', true, 1),
('demo', 'point', '儲值票券 5,000 點（加贈 500 點）', 5000, null, '一次儲值 5,000 點加贈 500 點，點數效期一年。', 5500, 1, 'Y', 'IMMEDIATELY', true, 2),
('demo', 'countingPasscard', '自由重訓 600 分鐘卡', 1200, null, '以分鐘計費使用自由重訓區，每次入場依實際使用時間扣除。', 600, 3, 'M', 'ATTEND', true, 1),
('demo', 'countingPasscard', '自由重訓 1,500 分鐘卡', 2700, 3000, '以分鐘計費，效期六個月，適合時間彈性的上班族。', 1500, 6, 'M', 'ATTEND', true, 2),
('demo', 'passcard', '夏季限定通行卡', 1999, null, '夏季活動方案，已結束販售。', null, 2, 'M', 'IMMEDIATELY', false, 9),
('yoga', 'quantityPasscard', '瑜珈 8 堂課程卡', 2800, null, '可預約任一瑜珈課程 8 次，效期四個月。', 8, 4, 'M', 'BOOKING', true, 1),
('yoga', 'passcard', '瑜珈單月無限卡', 2200, null, '一個月內不限次數參加所有瑜珈課程。', null, 1, 'M', 'BOOKING', true, 2),
('plan', 'passcard', '月費方案', 1299, null, '每月自動扣款，隨時可終止。', null, 1, 'M', 'IMMEDIATELY', true, 1),
('plan', 'passcard', '季費方案', 3599, 3897, '三個月一期，平均每月 1,200 元。', null, 3, 'M', 'IMMEDIATELY', true, 2),
('plan', 'passcard', '年費方案', 12999, 15588, '一次付清一年，最划算的選擇。', null, 1, 'Y', 'ADMIN_CUSTOM', true, 3),
('plan', 'point', '儲值 3,000 點', 3000, null, '可用於教練課與課程加購。', 3000, 1, 'Y', 'IMMEDIATELY', true, 4);

update items set admin_start_date = date_trunc('month', pg_temp.demo_today() + interval '1 month')::date
 where brand_id = 'plan' and activation_type = 'ADMIN_CUSTOM';

-- the demo's private-coach card is used only at Xinyi
insert into item_stores (item_id, store_id)
select i.id, s.id from items i, stores s
 where i.brand_id = 'demo' and i.name = '私人教練 5 堂' and s.brand_id = 'demo' and s.short_name = '信義館';

insert into custom_fields (brand_id, target_type, key, label, field_type, required, max_length, options, sort) values
('demo', 'USER', 'phone', '手機號碼', 'phone', true, null, '{}', 1),
('demo', 'USER', 'birthday', '生日', 'date', true, null, '{}', 2),
('demo', 'USER', 'gender', '性別', 'choice', false, null, array['男','女','不透露'], 3),
('demo', 'USER', 'emergencyContact', '緊急聯絡人', 'text', false, 20, '{}', 4),
('yoga', 'USER', 'phone', '手機號碼', 'phone', true, null, '{}', 1),
('plan', 'USER', 'phone', '手機號碼', 'phone', true, null, '{}', 1),
('term', 'USER', 'phone', '家長手機號碼', 'phone', true, null, '{}', 1),
('term', 'USER', 'childName', '學童姓名', 'text', true, 20, '{}', 2);

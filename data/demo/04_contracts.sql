-- Demo e-contract: brand demo's membership agreement, attached
-- to its weekend trial passcard (that item needs a signed contract before
-- checkout).

insert into contract_templates (brand_id, name) values ('demo', '會員入會契約');

insert into contract_versions (template_id, version, title, body, fields)
select id, 1, '森活運動館 會員入會契約',
'<h2>第一條　契約目的</h2>
<p>本契約規範會員使用<strong>森活運動館</strong>（以下稱本館）各項設施與課程之權利義務。會員於線上購買通行卡前，應詳閱本契約全文並簽署。</p>
<h2>第二條　使用規範</h2>
<ul>
<li>會員應遵守本館公告之場館規則，並聽從教練與工作人員之指導。</li>
<li>會員如有心血管疾病、高血壓或其他不適合運動之身體狀況，應於使用前告知本館。</li>
<li>通行卡限本人使用，不得轉讓或出借他人。</li>
</ul>
<h2>第三條　效期與退費</h2>
<p>通行卡效期依購買頁面所載計算。會員於效期開始前得申請全額退費；效期開始後，依<em>消費者保護法</em>及本館退費規定辦理。</p>
<h2>第四條　個人資料</h2>
<p>本館依個人資料保護法蒐集、處理及利用會員個人資料，僅用於會員管理、課程預約及相關通知。</p>
<h2>第五條　其他</h2>
<p>本契約未盡事宜，依中華民國法律及誠信原則處理。會員簽署後，本契約即生效力，並以電子郵件寄送契約副本。</p>',
'[{"key":"emergencyContact","label":"緊急聯絡人","required":true},{"key":"emergencyPhone","label":"緊急聯絡人電話","required":true}]'::jsonb
from contract_templates where brand_id = 'demo' and name = '會員入會契約';

insert into contract_attachments (template_id, item_id)
select t.id, i.id from contract_templates t, items i
 where t.brand_id = 'demo' and t.name = '會員入會契約' and i.brand_id = 'demo' and i.slug = 'weekend-trial-pass';

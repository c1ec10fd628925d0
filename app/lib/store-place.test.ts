import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressParts, openingHours } from './store-place';

test('opening hours: day ranges, day lists and closed days', () => {
  assert.deepEqual(openingHours('週一至週五 07:00–22:00；週六、週日 08:00–20:00'), [
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '22:00' },
    { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday', 'Sunday'], opens: '08:00', closes: '20:00' },
  ]);
  assert.deepEqual(openingHours('週一至週五 09:00–22:00；週六 9:00-18:00；週日公休').map((h) => [h.dayOfWeek.length, h.opens, h.closes]), [
    [5, '09:00', '22:00'],
    [1, '09:00', '18:00'],
  ]);
  assert.deepEqual(openingHours('請來電洽詢'), []);
  assert.deepEqual(openingHours(''), []);
});

test('addresses: region, locality and street', () => {
  assert.deepEqual(addressParts('台北市信義區松仁路 100 號 5 樓'), { addressRegion: '台北市', addressLocality: '信義區', streetAddress: '松仁路 100 號 5 樓' });
  assert.deepEqual(addressParts('新竹縣竹北市光明六路東一段 200 號'), { addressRegion: '新竹縣', addressLocality: '竹北市', streetAddress: '光明六路東一段 200 號' });
  assert.deepEqual(addressParts('somewhere'), { streetAddress: 'somewhere' });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { postalAddress } from './store-place';

test('postal address: the street is what follows the postal code, region and locality', () => {
  assert.deepEqual(postalAddress({ address: '台北市信義區松仁路 100 號 5 樓', postalCode: '110', region: '台北市', locality: '信義區' }), {
    '@type': 'PostalAddress', streetAddress: '松仁路 100 號 5 樓', addressLocality: '信義區', addressRegion: '台北市', postalCode: '110', addressCountry: 'TW',
  });
  assert.equal(postalAddress({ address: '302 新竹縣竹北市光明六路東一段 200 號', postalCode: '302', region: '新竹縣', locality: '竹北市' }).streetAddress, '光明六路東一段 200 號');
});

test('postal address: an address without parts stays whole', () => {
  assert.deepEqual(postalAddress({ address: '松仁路 100 號', postalCode: '', region: '', locality: '' }), {
    '@type': 'PostalAddress', streetAddress: '松仁路 100 號', addressLocality: undefined, addressRegion: undefined, postalCode: undefined, addressCountry: 'TW',
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Item, PageProps } from '../../contract/props';
import { bannerHref, chosenTab, itemGroups, tabHref } from './rules';

const item = (id: number) => ({ id }) as Item;
const lists = {
  passcardProjectInfoList: [],
  countingPasscardProjectInfoList: [item(1)],
  custPointProjectInfoList: [],
  quantityPasscardProjectInfoList: [item(2), item(3)],
};
const page = (basePath: string, query: Record<string, string> = {}) => ({ basePath, query }) as PageProps;

test('brand home: the item lists with items, in the tabs\' order', () => {
  assert.deepEqual(
    itemGroups(lists).map((g) => [g.type, g.items.length]),
    [['countingPasscard', 1], ['quantityPasscard', 2]],
  );
});

test('brand home: the tab the query asks for when it has items, else the first with items', () => {
  const groups = itemGroups(lists);
  const cases: [string, Record<string, string>, string | undefined][] = [
    ['asked, with items', { projectType: '3' }, 'quantityPasscard'],
    ['asked, without items', { projectType: '0' }, 'countingPasscard'],
    ['not a tab', { projectType: '9' }, 'countingPasscard'],
    ['not asked', {}, 'countingPasscard'],
  ];
  for (const [name, query, want] of cases) assert.equal(chosenTab(query, groups), want, name);
  assert.equal(chosenTab({}, []), undefined, 'no items at all');
});

test('brand home: a tab keeps the type filter; a banner links out as given, else on the brand', () => {
  assert.equal(tabHref(page('/demo', { type: '2' }), 'point'), '/demo?type=2&projectType=2');
  assert.equal(tabHref(page(''), 'passcard'), '/?projectType=0', 'on a custom domain');
  assert.equal(bannerHref(page('/demo'), 'https://example.com/x'), 'https://example.com/x');
  assert.equal(bannerHref(page('/demo'), '/activitys'), '/demo/activitys');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryString, sameSitePath } from './query';
import { currentHref, keepsScroll, loginNext, navHref, nextPath, wayBack } from './navigation';

test('queryString drops empty values and encodes', () => {
  assert.equal(queryString([]), '');
  assert.equal(queryString([['a', 1], ['b', 'x']]), '?a=1&b=x');
  assert.equal(queryString([['a', ''], ['b', undefined], ['c', null], ['d', 0]]), '');
  assert.equal(queryString([['keyword', '瑜伽 & 皮拉提斯'], ['pageNumber', 2]]), '?keyword=%E7%91%9C%E4%BC%BD%20%26%20%E7%9A%AE%E6%8B%89%E6%8F%90%E6%96%AF&pageNumber=2');
  assert.equal(queryString([['x', 'a=b?c']]), '?x=a%3Db%3Fc');
});

test('keepsScroll: only a change of projectType on the same page keeps the place (spec section 2)', () => {
  const u = (s: string) => new URL(s, 'https://shop.example');
  const cases: [string, string, string, boolean][] = [
    ['tab change', '/demo?projectType=1', '/demo?projectType=2', true],
    ['tab from none', '/demo', '/demo?projectType=3', true],
    ['tab with other query kept', '/demo?type=plan&projectType=1', '/demo?projectType=2&type=plan', true],
    ['same url', '/demo?projectType=1', '/demo?projectType=1', false],
    ['other query changes', '/demo?projectType=1', '/demo?projectType=2&type=plan', false],
    ['other page', '/demo?projectType=1', '/demo/activitys?projectType=2', false],
  ];
  for (const [name, from, to, want] of cases) assert.equal(keepsScroll(u(from), u(to)), want, name);
});

test('currentHref: the member tab a page is under', () => {
  const tabs = ['/demo/user', '/demo/user/booking', '/demo/user/timingcard'];
  assert.equal(currentHref(tabs, '/demo/user'), '/demo/user');
  assert.equal(currentHref(tabs, '/demo/user/booking'), '/demo/user/booking');
  assert.equal(currentHref(tabs, '/demo/user/timingcard/plans'), '/demo/user/timingcard');
  assert.equal(currentHref(tabs, '/demo/user/bookingx'), '/demo/user');
  assert.equal(currentHref(tabs, '/demo'), undefined);
  assert.equal(currentHref(['/user', '/user/ticket'], '/user/ticket'), '/user/ticket');
});

test('navHref: a link only when the host sent it', () => {
  const nav = { header: [{ key: 'items', href: '/demo' }], member: [], links: [{ key: 'timingcardPlans', href: '/demo/user/timingcard/plans' }], home: '/demo' };
  assert.equal(navHref(nav, 'timingcardPlans'), '/demo/user/timingcard/plans');
  assert.equal(navHref(nav, 'items'), '/demo');
  assert.equal(navHref({ ...nav, links: [] }, 'timingcardPlans'), undefined);
});

test('loginNext: only a path on this site under this brand is honoured', () => {
  const site = 'https://shop.example';
  const cases: [string | undefined, string, string][] = [
    ['/demo/user/ticket', '/demo', '/demo/user/ticket'],
    ['/demo/user/timingcard?x=1', '/demo', '/demo/user/timingcard?x=1'],
    ['/demo/user#top', '/demo', '/demo/user#top'],
    ['/demo', '/demo', '/demo'],
    ['/user/ticket', '', '/user/ticket'],
    ['https://shop.example/demo/user', '/demo', '/demo/user'],
    ['/yoga/user', '/demo', ''],
    ['/demox/user', '/demo', ''],
    ['//evil.example/demo/user', '/demo', ''],
    ['https://evil.example/demo/user', '/demo', ''],
    ['/demo/../yoga/user', '/demo', ''],
    ['/demo/%2e%2e/yoga/user', '/demo', ''],
    ['/demo/..%2Fyoga/user', '/demo', ''],
    ['/demo\\..\\yoga', '/demo', ''],
    ['', '/demo', ''],
    [undefined, '/demo', ''],
  ];
  for (const [path, base, want] of cases) assert.equal(loginNext(path, base, site), want, String(path));
});

test('loginNext: hostile targets never leave the site (custom domain, no base path)', () => {
  const site = 'https://fit.demo.test';
  const hostile = [
    '/\t/evil.example/phish',
    '/\n/evil.example/phish',
    '/\r/evil.example/phish',
    '/\t\n/evil.example',
    '\t//evil.example',
    '\n//evil.example',
    ' //evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t\\evil.example',
    'https://evil.example/',
    'https:/\t/evil.example',
    'http://fit.demo.test/',
    'https://fit.demo.test@evil.example/',
    'https://evil.example#https://fit.demo.test/',
    'javascript:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:a@evil.example',
    '/%2e%2e/%2e%2e/x',
    '/%zz',
    '/.//evil.example',
    '/x/..//evil.example',
    'https://fit.demo.test//evil.example',
    '/\t.//evil.example',
  ];
  for (const path of hostile) {
    const next = loginNext(path, '', site);
    if (!next) continue;
    // what the login dialog navigates to, resolved as the browser does
    assert.equal(new URL(next, site).origin, site, JSON.stringify(path) + ' -> ' + next);
    assert.ok(next.startsWith('/') && !next.startsWith('//') && !/[\\\s]/.test(next), JSON.stringify(path) + ' -> ' + next);
  }
  assert.equal(loginNext('/\t/evil.example/phish', '', site), '');
  assert.equal(loginNext('/\n/evil.example/phish', '', site), '');
  assert.equal(loginNext('javascript:alert(1)', '', site), '');
  assert.equal(loginNext('/user/ticket?x=1#a', '', site), '/user/ticket?x=1#a');
});

test('sameSitePath refuses other sites', () => {
  const cases: [string | undefined, string][] = [
    ['/demo/passcard/1/checkout?store=3', '/demo/passcard/1/checkout?store=3'],
    ['//evil.example/x', ''],
    ['/\\evil.example', ''],
    ['https://evil.example/', ''],
    ['javascript:alert(1)', ''],
    ['', ''],
    [undefined, ''],
  ];
  for (const [back, want] of cases) assert.equal(sameSitePath(back), want, String(back));
});

test('nextPath: only a path beneath the brand home comes back (as rules.NextPath on the server)', () => {
  for (const ok of ['/activity/1/2', '/activity/1/2?date=2026-12-01', '/']) assert.equal(nextPath(ok), ok);
  const refused = [
    undefined, '', 'https://evil.example/', 'javascript:alert(1)', '//evil.example/x', '/\\evil.example/', '/%5Cevil.example/',
    '/%2F%2Fevil.example', '/user/../../other', '/%2e%2e/other', 'activity/1', '/activity/1#x', '/activity/1\n', '/\t/evil.example',
    '/' + 'a'.repeat(512),
  ];
  for (const bad of refused) assert.equal(nextPath(bad), '', String(bad));
});

test('wayBack: the page beneath the brand home, or nothing', () => {
  assert.equal(wayBack('/demo/activity/1/2?x=1', '/demo'), '/activity/1/2?x=1');
  assert.equal(wayBack('/demo', '/demo'), '/');
  assert.equal(wayBack('/demo?type=plan', '/demo'), '/?type=plan');
  assert.equal(wayBack('/activity/1/2', ''), '/activity/1/2');
  assert.equal(wayBack('/yoga/activity/1', '/demo'), '');
  assert.equal(wayBack('/demox/activity/1', '/demo'), '');
});

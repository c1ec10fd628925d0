import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barCeiling, barHidesAt, barShowsAt, barStart, barWidth } from './loading';
import { fetchMinimumDisplay, loadingBarDuration, loadingBarThrottle } from './constants';

// a frozen clock: a navigation starts at t0
const t0 = 1_800_000_000_000;

test('loading bar: the constants of spec section 9', () => {
  assert.equal(loadingBarThrottle, 200);
  assert.equal(loadingBarDuration, 5000);
  assert.equal(fetchMinimumDisplay, 200);
});

test('loading bar: a navigation shorter than the throttle shows no bar', () => {
  // the page is there at t0 + 150, before the bar would show at t0 + 200
  assert.equal(barShowsAt(t0), t0 + 200);
  assert.ok(t0 + 150 < barShowsAt(t0));
  assert.equal(barHidesAt(0, t0 + 150), t0 + 150);
});

test('loading bar: appears at 10% and creeps towards 90% over 5 s, never past it', () => {
  const shown = barShowsAt(t0);
  assert.equal(barWidth(shown, shown), barStart);
  const w1 = barWidth(shown, shown + 1000);
  const w3 = barWidth(shown, shown + 3000);
  assert.ok(barStart < w1 && w1 < w3 && w3 < barCeiling, `${w1} ${w3}`);
  assert.equal(barWidth(shown, shown + 5000), barCeiling);
  assert.equal(barWidth(shown, shown + 60_000), barCeiling);
  assert.equal(barWidth(shown, shown - 50), barStart); // a clock set back
});

test('loading bar: once shown it stays at least 200 ms', () => {
  const shown = barShowsAt(t0);
  // the page arrives 30 ms after the bar appeared: the bar stays until 200 ms after it appeared
  assert.equal(barHidesAt(shown, shown + 30), shown + fetchMinimumDisplay);
  // a slow navigation: the bar hides when the page is there
  assert.equal(barHidesAt(shown, shown + 2500), shown + 2500);
});

// The timing of the navigation loading bar (spec section 9), as pure
// functions of the clock: a client navigation's bar appears only when the
// navigation outlasts the throttle (200 ms), runs from 10% towards 90% over
// the estimated duration (5 s), jumps to full when the page is there, and,
// once shown, stays at least the minimum fetch display time (200 ms), so
// it never flashes.
import { fetchMinimumDisplay, loadingBarDuration, loadingBarThrottle } from './constants';

/** The bar's width (percent) right when it appears. */
export const barStart = 10;
/** The width the bar creeps towards while the navigation lasts. */
export const barCeiling = 90;

/** When (ms) the bar of a navigation started at start appears, if it still loads then. */
export function barShowsAt(start: number): number {
  return start + loadingBarThrottle;
}

/** The width (percent) at now of a bar shown at shownAt and still loading: eased from barStart to barCeiling over the duration. */
export function barWidth(shownAt: number, now: number): number {
  const f = Math.min(1, Math.max(0, (now - shownAt) / loadingBarDuration));
  return barStart + (barCeiling - barStart) * (1 - (1 - f) * (1 - f));
}

/**
 * When (ms) the bar hides for a navigation that ended at end, the bar shown
 * at shownAt (0: it never appeared, so there is nothing to hide): not before
 * the minimum display time has passed.
 */
export function barHidesAt(shownAt: number, end: number): number {
  if (shownAt === 0) return end;
  return Math.max(end, shownAt + fetchMinimumDisplay);
}

// The one date formatter of the app: calendar dates ('2026-12-03') and
// instants in Taiwan time, without Intl (goja has none).

/** Weekday labels 1-7, Sunday to Saturday (spec section 9). */
export const weekdayLabels = ['週日', '週一', '週二', '週三', '週四', '週五', '週六'];

/** Label of weekday n, 1 (Sunday) to 7 (Saturday). */
export function weekday(n: number): string {
  return weekdayLabels[n - 1] ?? '';
}

/** '2026-12-03' -> '12/3' */
export function shortDate(d: string): string {
  return Number(d.slice(5, 7)) + '/' + Number(d.slice(8, 10));
}

/** '2026-12-03' -> '2026/12/3' */
export function fullDate(d: string): string {
  return d.slice(0, 4) + '/' + shortDate(d);
}

/** '2026-12-03', 5 -> '12/3（週四）' */
export function dateWithWeekday(d: string, wd: number): string {
  return shortDate(d) + '（' + weekday(wd) + '）';
}

/** '19:30', '20:30' -> '19:30–20:30' */
export function timeRange(start: string, end: string): string {
  return start + '–' + end;
}

const pad = (n: number) => (n < 10 ? '0' + n : String(n));

/** '2026-11-24' -> '2026/11/24' */
export function day(ymd: string | null): string {
  return ymd ? ymd.replace(/-/g, '/') : '';
}

/** An instant as Taiwan (UTC+8) date, weekday and time: '2026/11/24（二）07:00'. */
export function taipeiDateTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600 * 1000);
  const wd = weekdayLabels[d.getUTCDay()].slice(1);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}（${wd}）${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** An instant's Taiwan time of day: '08:00'. */
export function taipeiTime(iso: string): string {
  const d = new Date(Date.parse(iso) + 8 * 3600 * 1000);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

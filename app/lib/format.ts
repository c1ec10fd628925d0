// Formatting without Intl (goja has none): currency and dates.

/** 2688 -> '2,688' */
export function thousands(n: number): string {
  const neg = n < 0;
  const s = String(Math.round(Math.abs(n)));
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return neg ? '-' + out : out;
}

/** 2688 -> 'NT$ 2,688' */
export function price(n: number): string {
  return 'NT$ ' + thousands(n);
}

const units: Record<string, string> = { M: '個月', W: '週', D: '天', Y: '年' };

/** (1, 'M') -> '1 個月' */
export function validity(value: number | undefined, unit: string | undefined): string {
  if (!value || !unit) return '';
  return value + ' ' + (units[unit] ?? '');
}

/** Weekday labels 1-7, Sunday to Saturday (spec section 9). */
export const weekdayLabels = ['週日', '週一', '週二', '週三', '週四', '週五', '週六'];

/** Label of weekday n, 1 (Sunday) to 7 (Saturday). */
export function weekday(n: number): string {
  return weekdayLabels[n - 1] ?? '';
}

/** (450, 600) -> 'NT$ 450 – 600'; one price when both are equal. */
export function priceRange(min: number, max: number): string {
  return min === max ? price(min) : price(min) + ' – ' + thousands(max);
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

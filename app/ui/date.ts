// Dates of the member centre, in Taiwan time, without Intl (goja has none).
import { weekdayLabels } from '../lib/format';

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

// Formatting without Intl (goja has none): currency and validity. Dates
// are in ui/date.

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

/** (450, 600) -> 'NT$ 450 – 600'; one price when both are equal. */
export function priceRange(min: number, max: number): string {
  return min === max ? price(min) : price(min) + ' – ' + thousands(max);
}

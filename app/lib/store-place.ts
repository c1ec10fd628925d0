// A store's free-text address and opening hours in schema.org's form:
// PostalAddress parts and OpeningHoursSpecification entries.

const days: Record<string, string> = {
  一: 'Monday', 二: 'Tuesday', 三: 'Wednesday', 四: 'Thursday', 五: 'Friday', 六: 'Saturday', 日: 'Sunday',
};
const order = ['一', '二', '三', '四', '五', '六', '日'];

export interface OpeningHours {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

/** The days a text like 週一至週五, 週六、週日 or 週三 names; [] when it names none. */
function dayList(text: string): string[] {
  const range = /週([一二三四五六日])\s*[至到~～-]\s*週([一二三四五六日])/.exec(text);
  if (range) {
    const from = order.indexOf(range[1]);
    const to = order.indexOf(range[2]);
    return to >= from ? order.slice(from, to + 1).map((d) => days[d]) : [];
  }
  return [...text.matchAll(/週([一二三四五六日])/g)].map((m) => days[m[1]]);
}

/**
 * Opening hours as schema.org entries. A worked example:
 * '週一至週五 07:00–22:00；週六、週日 08:00–20:00' gives Monday-Friday
 * 07:00-22:00 and Saturday, Sunday 08:00-20:00. Closed days (公休) and
 * parts that name no day or no time are left out.
 */
export function openingHours(text: string): OpeningHours[] {
  const out: OpeningHours[] = [];
  for (const part of text.split(/[；;\n]/)) {
    const time = /(\d{1,2}:\d{2})\s*[–—~～-]\s*(\d{1,2}:\d{2})/.exec(part);
    const dayOfWeek = dayList(part);
    if (!time || dayOfWeek.length === 0) continue;
    const pad = (t: string) => t.padStart(5, '0');
    out.push({ '@type': 'OpeningHoursSpecification', dayOfWeek, opens: pad(time[1]), closes: pad(time[2]) });
  }
  return out;
}

/** A Taiwanese address split into region (city or county), locality (district or township) and street. */
export function addressParts(address: string): { addressRegion?: string; addressLocality?: string; streetAddress: string } {
  const m = /^\s*(\d{3,6})?\s*([^\s\d]{2}[市縣])([^\s\d]{1,3}?[區市鎮鄉])?(.*)$/.exec(address);
  if (!m) return { streetAddress: address };
  return { addressRegion: m[2], addressLocality: m[3] || undefined, streetAddress: m[4].trim() || address };
}

// Structured data of what is sold: course schedules as events with offers,
// items as products with offers in TWD (kept apart from json-ld.tsx, which
// every page loads, so brand home does not carry them).
import type { CourseDetail, Item, PageProps, Schedule, Teacher } from '../../contract/props';
import { abs, context, homeUrl, storePlace, type Thing } from '../../lib/json-ld';

/** '2026-12-03', '19:30' -> '2026-12-03T19:30:00+08:00' (Taipei has no daylight saving). */
export function isoTaipei(date: string, time: string): string {
  return date + 'T' + time + ':00+08:00';
}

/**
 * The Taipei time hours before date and time, in isoTaipei's form:
 * ('2026-12-17', '19:30', 336) -> '2026-12-03T19:30:00+08:00'.
 */
export function isoTaipeiBefore(date: string, time: string, hours: number): string {
  const taipeiMs = Date.parse(isoTaipei(date, time)) + 8 * 3600_000 - hours * 3600_000;
  return new Date(taipeiMs).toISOString().slice(0, 19) + '+08:00';
}

/** The id of a session's row on the course page (its offer's url ends in #id). */
export function scheduleAnchor(scheduleId: number): string {
  return 'schedule-' + scheduleId;
}

/**
 * A course's coming schedules as events with offers: each session's offer
 * has its own url, is valid from the moment its booking opens (the course's
 * booking window) and ends when the session starts.
 */
export function courseEvents(page: PageProps, a: CourseDetail, url: string, limit = 20): Thing[] {
  const byId: Record<number, Teacher> = {};
  for (const t of a.teachers) byId[t.teacherId] = t;
  return a.scheduleList.slice(0, limit).map((s: Schedule) => ({
    '@context': context,
    '@type': 'Event',
    name: a.courseName,
    description: a.summary || undefined,
    image: abs(page, a.image),
    startDate: isoTaipei(s.scheduleDate, s.startTime),
    endDate: isoTaipei(s.scheduleDate, s.endTime),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: storePlace(page, a.store),
    performer: s.teacherName ? { '@type': 'Person', name: s.teacherName, jobTitle: byId[s.teacherId]?.title || undefined } : undefined,
    organizer: { '@type': 'Organization', name: page.brand!.settings.brandName, url: homeUrl(page) },
    maximumAttendeeCapacity: s.capacity ?? undefined,
    remainingAttendeeCapacity: s.remaining ?? undefined,
    offers: {
      '@type': 'Offer',
      price: a.minPrice,
      priceCurrency: 'TWD',
      availability: !s.full ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url: url + '#' + scheduleAnchor(s.scheduleId),
      validFrom: isoTaipeiBefore(s.scheduleDate, s.startTime, a.bookingOpensHours),
      priceValidUntil: isoTaipei(s.scheduleDate, s.startTime),
    },
  }));
}

/** An item as a product with its offer in TWD, valid until its sale ends where it does. */
export function product(page: PageProps, it: Item, url: string): Thing {
  const images = [it.image, ...it.images].filter(Boolean).map((src) => abs(page, src));
  return {
    '@context': context,
    '@type': 'Product',
    name: it.name,
    description: it.description || undefined,
    image: images.length ? images : undefined,
    sku: it.type + '-' + it.id,
    brand: { '@type': 'Brand', name: page.brand!.settings.brandName },
    offers: {
      '@type': 'Offer',
      price: it.price,
      priceCurrency: 'TWD',
      availability: it.onShelf ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
      url,
      priceValidUntil: it.saleEnds || undefined,
      seller: { '@type': 'Organization', name: page.brand!.settings.brandName },
    },
  };
}

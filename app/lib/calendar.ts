// Adding a schedule to a calendar: an iCalendar (.ics, RFC 5545) file and a
// Google Calendar link. Schedule times are Taipei wall-clock (UTC+8, no
// daylight saving), written in UTC.

/**
 * What the add-to-calendar dialog offers: a schedule the browser writes as
 * .ics, or a booking, whose .ics (stable UID, METHOD:CANCEL once cancelled)
 * and Google Calendar link the server makes.
 */
export type CalendarTarget = { event: CalendarEvent } | { title: string; icsUrl: string; googleUrl: string };

export interface CalendarEvent {
  uid: string;
  title: string;
  /** YYYY-MM-DD and HH:MM, Taipei */
  date: string;
  start: string;
  end: string;
  location: string;
  description: string;
  url: string;
}

/** '2026-12-03', '19:30' -> '20261203T113000Z' */
export function utcStamp(date: string, time: string): string {
  const t = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), +time.slice(0, 2) - 8, +time.slice(3, 5));
  return new Date(t).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (RFC 5545 3.3.11). */
function text(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function fold(line: string): string {
  const enc = new TextEncoder();
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    if (octets + n > 75) {
      out += '\r\n ';
      octets = 1;
    }
    out += ch;
    octets += n;
  }
  return out;
}

/** The .ics file of one event. now stamps it (DTSTAMP). */
export function icsFile(e: CalendarEvent, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//storefront//zh-Hant',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    'UID:' + e.uid,
    'DTSTAMP:' + stamp,
    'DTSTART:' + utcStamp(e.date, e.start),
    'DTEND:' + utcStamp(e.date, e.end),
    'SUMMARY:' + text(e.title),
    'LOCATION:' + text(e.location),
    'DESCRIPTION:' + text(e.description),
    'URL:' + e.url,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The Google Calendar link that adds the event. */
export function googleCalendarUrl(e: CalendarEvent): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    dates: utcStamp(e.date, e.start) + '/' + utcStamp(e.date, e.end),
    details: e.description + '\n' + e.url,
    location: e.location,
    ctz: 'Asia/Taipei',
  });
  return 'https://calendar.google.com/calendar/render?' + q.toString();
}

// Pure helpers of the timetable: the day strip's labels, a session's seats
// line, and the query a filtered timetable keeps in its address.
import type { TimetableDay, TimetableSession } from '../../contract/props';
import { queryString } from '../../lib/query';
import { dateWithWeekday, shortDate, weekday } from '../../ui/date';
import { timetable as t } from '../../strings/zh-hant-timetable';

/** What the timetable shows: a day and the store and course type it is narrowed to (0: all). */
export interface TimetableFilter {
  date: string;
  storeId: number;
  categoryId: number;
}

/**
 * A day chip's label: the strip's first day 今天, its second 明天, the rest
 * their weekday and date ('週四 12/3').
 */
export function dayLabel(d: TimetableDay, i: number): string {
  if (i === 0) return t.today;
  if (i === 1) return t.tomorrow;
  return weekday(d.weekday) + ' ' + shortDate(d.date);
}

/** A day chip's name for screen readers: 今天 and 明天 with their date ('今天 12/1（週二）'), the rest as shown. */
export function dayName(d: TimetableDay, i: number): string {
  return i < 2 ? dayLabel(d, i) + ' ' + dateWithWeekday(d.date, d.weekday) : dayLabel(d, i);
}

/** A session's seats: '剩 3 位' (可預約 where the brand shows no seat counts), or 額滿 (with 可候補 when the brand has a waiting list). */
export function seatsLine(s: TimetableSession, waiting: boolean): string {
  if (s.full) return waiting ? t.fullWait : t.full;
  return s.remaining === null ? t.open : t.remaining(s.remaining);
}

/** The timetable's query for f: the day unless it is today (the first day), the filters when set. */
export function filterQuery(f: TimetableFilter, today: string): string {
  return queryString([
    ['date', f.date === today ? '' : f.date],
    ['storeId', f.storeId],
    ['categoryId', f.categoryId],
  ]);
}

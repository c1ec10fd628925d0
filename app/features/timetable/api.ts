// The timetable's call: the same data the page is rendered with, for
// another day, store or course type.
import { call } from '../../lib/api';
import type { TimetableData } from '../../contract/props';
import type { TimetableFilter } from './rules';

/** A day's sessions of the brand, narrowed by store and course type (0: all). */
export function loadTimetable(brandId: string, f: TimetableFilter): Promise<TimetableData> {
  return call<TimetableData>('/api/schedule/timetable', { query: { brandId, date: f.date, storeId: f.storeId || undefined, categoryId: f.categoryId || undefined } });
}

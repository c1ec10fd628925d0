// The catalogue calls the browsing pages make after loading, through the
// app's one API client.
import { call } from '../../lib/api';
import type { ListPage, Schedule } from '../../contract/props';

/** Schedules a 「更多時段」 page loads (the host's moreSchedulesPage). */
export const morePage = 20;

/** A page of a course's coming schedules past the ones its activity card carries. */
export function moreSchedules(brandId: string, courseId: number, pageNumber: number): Promise<ListPage<Schedule>> {
  return call<ListPage<Schedule>>('/api/search/activitySchedules', { query: { brandId, courseId, pageNumber, pageSize: morePage } });
}

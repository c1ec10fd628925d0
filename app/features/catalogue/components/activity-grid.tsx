// A page's activity cards in their grid (the activity list, search results).
import type { Activity } from '../../../contract/props';
import { kept } from '../../../lib/page-context';
import { ActivityCard, cardGrid, firstRow } from './activity-card';

/**
 * A page's activity cards in their grid, kept by the server as one part
 * (lib/page-context's kept; each card is kept too, for a grid that changed):
 * one part to put in rather than 30. Its own module: brand home lists its
 * few cards without it, and its first visit loads no byte of it.
 */
export const ActivityGrid = kept('ActivityGrid', function ActivityGrid({ list }: { list: Activity[] }) {
  return (
    <div className={cardGrid}>
      {list.map((a, i) => (
        <ActivityCard key={a.courseId + '-' + a.storeShortName} a={a} eager={i < firstRow} />
      ))}
    </div>
  );
}, true);

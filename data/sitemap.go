package data

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
)

// SitemapEntry is a public page of a brand's catalogue with the time its
// content last changed. storefront.Kind is "item", "course", "term" or "class"; the
// host turns it into a path.
type SitemapEntry struct {
	Kind     string
	ID       int64
	ParentID int64  // the term of a class, the store of a course
	ItemType string // of an item
	LastMod  time.Time
}

// Sitemap lists the brand's public catalogue pages: on-shelf items,
// on-shelf courses with a schedule from day (YYYY-MM-DD) on, and the terms
// and classes that have not ended, at most 5000 of each.
func (db *DB) Sitemap(ctx context.Context, brandID, day string) ([]SitemapEntry, error) {
	return queryList(ctx, db, func(r pgx.Row, e *SitemapEntry) error {
		return r.Scan(&e.Kind, &e.ID, &e.ParentID, &e.ItemType, &e.LastMod)
	}, `
		(select 'item', i.id, 0::bigint, i.type, i.updated_at from items i
		  where i.brand_id = $1 and `+itemSold(2)+` order by i.type, i.sort, i.id limit 5000)
		union all
		(select 'course', c.id, c.store_id, '', greatest(c.updated_at, max(s.updated_at))
		   from courses c join course_schedules s on s.course_id = c.id and s.date >= $2::date
		  where c.brand_id = $1 and c.on_shelf group by c.id order by c.sort, c.id limit 5000)
		union all
		(select 'term', ts.id, 0::bigint, '', greatest(ts.updated_at, coalesce(max(tc.updated_at), ts.updated_at))
		   from term_schedules ts left join term_classes tc on tc.term_schedule_id = ts.id
		  where ts.brand_id = $1 and ts.on_shelf and ts.end_date >= $2::date group by ts.id order by ts.sort, ts.id limit 5000)
		union all
		(select 'class', tc.id, ts.id, '', greatest(tc.updated_at, ts.updated_at)
		   from term_classes tc join term_schedules ts on ts.id = tc.term_schedule_id
		  where tc.brand_id = $1 and ts.on_shelf and ts.end_date >= $2::date order by ts.sort, tc.sort, tc.id limit 5000)`,
		brandID, day)
}

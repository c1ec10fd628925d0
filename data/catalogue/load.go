package catalogue

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// querier is a pool or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// ids are the database ids of a brand's rows by the operator's ids.
type ids struct {
	stores    map[string]int64
	teachers  map[string]int64
	items     map[string]int64
	courses   map[string]int64
	schedules map[int64]map[string]int64 // course -> slot -> schedule
	terms     map[string]int64
	classes   map[int64]map[string]int64 // term schedule -> class id -> class
	sessions  map[int64]map[string]int64 // class -> slot -> schedule
	banners   map[string]int64
	salesmen  map[string]int64
}

func newIDs() *ids {
	return &ids{stores: map[string]int64{}, teachers: map[string]int64{}, items: map[string]int64{},
		courses: map[string]int64{}, schedules: map[int64]map[string]int64{}, terms: map[string]int64{},
		classes: map[int64]map[string]int64{}, sessions: map[int64]map[string]int64{}, banners: map[string]int64{},
		salesmen: map[string]int64{}}
}

func slotKey(s Schedule) string       { return s.Date + " " + s.Start }
func sessionKey(s Session) string     { return s.Date + " " + s.Start }
func fieldKeyOf(f CustomField) string { return f.Key }

// errNoBrand: the brand is not in the database.
var errNoBrand = errors.New("no such brand")

// load reads brand's catalogue from the database in the format's shape,
// with the ids of its rows. Entries come in their sort order; schedules
// and sessions by date and start.
func load(ctx context.Context, q querier, brand string) (*Catalogue, *ids, error) {
	c := &Catalogue{}
	b := &c.Brand
	var caps FreezeCaps
	var sus Suspension
	var before *int
	var evening *string
	err := q.QueryRow(ctx, `select id, name, description, app_logo, web_base_background_color, ios_app_link,
	        android_app_link, is_newpos_store, booking_needs_verified_email, web_font,
	        join_with_other_brand_account, modules, freeze_abroad_months, freeze_voluntary_min_days,
	        freeze_voluntary_max_days, freeze_voluntary_per_year, suspension_strikes, suspension_within_days, suspension_days,
	        reminder_before_minutes, to_char(reminder_evening_at, 'HH24:MI')
	   from brands where id = $1`, brand).
		Scan(&b.ID, &b.Name, &b.Description, &b.AppLogo, &b.Colour, &b.IOSAppLink, &b.AndroidAppLink,
			&b.IsNewposStore, &b.BookingNeedsVerifiedEmail, &b.WebFont, &b.JoinWithOtherBrandAccount, &b.Modules,
			&caps.AbroadMonths, &caps.VoluntaryMinDays, &caps.VoluntaryMaxDays, &caps.VoluntaryPerYear,
			&sus.Strikes, &sus.WithinDays, &sus.Days, &before, &evening)
	if caps != defaultFreezeCaps {
		b.Freeze = &caps
	}
	if sus != (Suspension{}) {
		b.Suspension = &sus
	}
	if before != nil {
		b.Reminder = &Reminder{Before: reminderBefore(*before)}
	} else if evening != nil {
		b.Reminder = &Reminder{EveningBefore: *evening}
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, errNoBrand
	}
	if err != nil {
		return nil, nil, err
	}
	id := newIDs()
	scan := func(sql string, row func(pgx.Rows) error) error {
		rows, err := q.Query(ctx, sql, brand)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if err := row(rows); err != nil {
				return err
			}
		}
		return rows.Err()
	}
	b.Domains, b.CustomFields = []Domain{}, []CustomField{}
	c.Stores, c.Teachers, c.Items, c.Courses = []Store{}, []Teacher{}, []Item{}, []Course{}
	c.Terms, c.Banners, c.Salesmen = []Term{}, []Banner{}, []Salesman{}
	courseAt, termAt := map[int64]int{}, map[int64]int{}
	err = errors.Join(
		scan(`select host, env from brand_domains where brand_id = $1 order by host`, func(r pgx.Rows) error {
			var d Domain
			err := r.Scan(&d.Host, &d.Env)
			b.Domains = append(b.Domains, d)
			return err
		}),
		scan(`select key, label, field_type, required, max_length, options from custom_fields
		       where brand_id = $1 and target_type = 'USER' order by sort, id`, func(r pgx.Rows) error {
			var f CustomField
			err := r.Scan(&f.Key, &f.Label, &f.Type, &f.Required, &f.MaxLength, &f.Options)
			b.CustomFields = append(b.CustomFields, f)
			return err
		}),
		scan(`select id, slug, short_name, name, address, postal_code, region, locality, phone, opening_hours, map_url, has_line_pay, image
		        from stores where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var s Store
			var n int64
			err := r.Scan(&n, &s.ID, &s.ShortName, &s.Name, &s.Address, &s.PostalCode, &s.Region, &s.Locality, &s.Phone, &s.OpeningHours, &s.MapURL, &s.HasLinePay, &s.Image)
			id.stores[s.ID] = n
			c.Stores = append(c.Stores, s)
			return err
		}),
		scan(`select id, slug, name, title, bio, image from teachers where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var t Teacher
			var n int64
			err := r.Scan(&n, &t.ID, &t.Name, &t.Title, &t.Bio, &t.Image)
			id.teachers[t.ID] = n
			c.Teachers = append(c.Teachers, t)
			return err
		}),
		scan(`select i.id, i.slug, i.type, i.name, i.price, i.original_price, i.description, i.quantity, i.validity_value,
		             coalesce(i.validity_unit, ''), i.activation_type, coalesce(i.admin_start_date::text, ''), coalesce(i.sale_ends::text, ''), i.image,
		             i.images, i.on_shelf,
		             array(select s.slug from item_stores x join stores s on s.id = x.store_id
		                    where x.item_id = i.id order by s.sort, s.id)
		        from items i where i.brand_id = $1 order by i.sort, i.id`, func(r pgx.Rows) error {
			var it Item
			var n int64
			var vv *int
			var vu string
			err := r.Scan(&n, &it.ID, &it.Type, &it.Name, &it.Price, &it.OriginalPrice, &it.Description, &it.Quantity, &vv, &vu,
				&it.Activation, &it.AdminStartDate, &it.SaleEnds, &it.Image, &it.Images, &it.OnShelf, &it.Stores)
			if vv != nil {
				it.Validity = &Validity{Value: *vv, Unit: vu}
			}
			id.items[it.ID] = n
			c.Items = append(c.Items, it)
			return err
		}),
		scan(`select c.id, c.slug, s.slug, c.name, coalesce(cat.name, ''), coalesce(t.slug, ''), c.summary, c.description,
		             c.image, c.min_price, c.max_price, c.ticket_only, c.promoted, c.on_shelf,
		             c.booking_opens_hours, c.booking_closes_minutes, c.cancel_hours, c.points_cost, c.hours_cost,
		             c.count_allowed, c.passcard_allowed, c.timing_allowed, c.private_coach, c.late_cancel, c.no_show
		        from courses c join stores s on s.id = c.store_id
		        left join course_categories cat on cat.id = c.category_id
		        left join teachers t on t.id = c.teacher_id
		       where c.brand_id = $1 order by c.sort, c.id`, func(r pgx.Rows) error {
			var co Course
			var n int64
			bk := &co.Booking
			err := r.Scan(&n, &co.ID, &co.Store, &co.Name, &co.Category, &co.Teacher, &co.Summary, &co.Description, &co.Image,
				&co.MinPrice, &co.MaxPrice, &co.TicketOnly, &co.Promoted, &co.OnShelf, &bk.OpensHours, &bk.ClosesMinutes,
				&bk.CancelHours, &bk.PointsCost, &bk.HoursCost, &bk.CountAllowed, &bk.PasscardAllowed, &bk.TimingAllowed,
				&bk.PrivateCoach, &bk.LateCancel, &bk.NoShow)
			co.Schedules = []Schedule{}
			id.courses[co.ID] = n
			id.schedules[n] = map[string]int64{}
			courseAt[n] = len(c.Courses)
			c.Courses = append(c.Courses, co)
			return err
		}),
		scan(`select id, slug, name, intro, image, start_date::text, end_date::text, on_shelf
		        from term_schedules where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var t Term
			var n int64
			err := r.Scan(&n, &t.ID, &t.Name, &t.Intro, &t.Image, &t.StartDate, &t.EndDate, &t.OnShelf)
			t.Classes = []TermClass{}
			id.terms[t.ID] = n
			id.classes[n] = map[string]int64{}
			termAt[n] = len(c.Terms)
			c.Terms = append(c.Terms, t)
			return err
		}),
		scan(`select id, slug, title, image, link, coalesce(starts_on::text, ''), coalesce(ends_on::text, '')
		        from banners where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var x Banner
			var n int64
			err := r.Scan(&n, &x.ID, &x.Title, &x.Image, &x.Link, &x.StartsOn, &x.EndsOn)
			id.banners[x.ID] = n
			c.Banners = append(c.Banners, x)
			return err
		}),
		scan(`select m.id, m.slug, coalesce(s.slug, ''), m.name, m.code, m.active
		        from salesmen m left join stores s on s.id = m.store_id where m.brand_id = $1 order by m.sort, m.id`,
			func(r pgx.Rows) error {
				var x Salesman
				var n int64
				err := r.Scan(&n, &x.ID, &x.Store, &x.Name, &x.Code, &x.Active)
				id.salesmen[x.ID] = n
				c.Salesmen = append(c.Salesmen, x)
				return err
			}),
	)
	if err != nil {
		return nil, nil, err
	}
	type classAt struct{ term, class int }
	classes := map[int64]classAt{}
	err = scan(`select tc.id, tc.term_schedule_id, tc.slug, c.slug, tc.name, tc.intro, tc.price, tc.capacity
	              from term_classes tc join courses c on c.id = tc.course_id
	             where tc.brand_id = $1 order by tc.sort, tc.id`, func(r pgx.Rows) error {
		var tc TermClass
		var n, term int64
		if err := r.Scan(&n, &term, &tc.ID, &tc.Course, &tc.Name, &tc.Intro, &tc.Price, &tc.Capacity); err != nil {
			return err
		}
		tc.Sessions = []Session{}
		t := &c.Terms[termAt[term]]
		id.classes[term][tc.ID] = n
		id.sessions[n] = map[string]int64{}
		classes[n] = classAt{termAt[term], len(t.Classes)}
		t.Classes = append(t.Classes, tc)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	err = scan(`select cs.id, cs.course_id, coalesce(cs.term_class_id, 0), cs.date::text, to_char(cs.start_time, 'HH24:MI'),
	                   to_char(cs.end_time, 'HH24:MI'), cs.capacity, coalesce(t.slug, '')
	              from course_schedules cs left join teachers t on t.id = cs.teacher_id
	             where cs.brand_id = $1
	             order by cs.course_id, cs.date, cs.start_time, cs.id`, func(r pgx.Rows) error {
		var s Schedule
		var n, course, class int64
		if err := r.Scan(&n, &course, &class, &s.Date, &s.Start, &s.End, &s.Capacity, &s.Teacher); err != nil {
			return err
		}
		if class != 0 {
			at := classes[class]
			tc := &c.Terms[at.term].Classes[at.class]
			ss := Session{Date: s.Date, Start: s.Start, End: s.End}
			id.sessions[class][sessionKey(ss)] = n
			tc.Sessions = append(tc.Sessions, ss)
			return nil
		}
		co := &c.Courses[courseAt[course]]
		if s.Teacher == co.Teacher {
			s.Teacher = "" // the course's teacher is the default
		}
		id.schedules[course][slotKey(s)] = n
		co.Schedules = append(co.Schedules, s)
		return nil
	})
	return c, id, err
}

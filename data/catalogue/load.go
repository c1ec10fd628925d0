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

// ids are the database ids of a brand's rows by their format keys.
type ids struct {
	stores    map[string]int64
	teachers  map[string]int64
	items     map[string]int64 // type \x00 name
	courses   map[string]int64 // store \x00 name
	schedules map[int64]map[string]int64
}

func itemKey(it Item) string          { return it.Type + "\x00" + it.Name }
func courseKey(c Course) string       { return c.Store + "\x00" + c.Name }
func slotKey(s Schedule) string       { return s.Date + " " + s.Start }
func fieldKeyOf(f CustomField) string { return f.Key }

// errNoBrand: the brand is not in the database.
var errNoBrand = errors.New("no such brand")

// load reads brand's catalogue from the database in the format's shape,
// with the ids of its rows. Entries come in their sort order; schedules by
// date and start. Term schedules' sessions are not the format's.
func load(ctx context.Context, q querier, brand string) (*Catalogue, *ids, error) {
	c := &Catalogue{}
	b := &c.Brand
	err := q.QueryRow(ctx, `select id, name, description, app_logo, web_base_background_color, ios_app_link,
	        android_app_link, is_newpos_store, booking_needs_verified_email, modules
	   from brands where id = $1`, brand).
		Scan(&b.ID, &b.Name, &b.Description, &b.AppLogo, &b.Colour, &b.IOSAppLink, &b.AndroidAppLink,
			&b.IsNewposStore, &b.BookingNeedsVerifiedEmail, &b.Modules)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, errNoBrand
	}
	if err != nil {
		return nil, nil, err
	}
	id := &ids{stores: map[string]int64{}, teachers: map[string]int64{}, items: map[string]int64{},
		courses: map[string]int64{}, schedules: map[int64]map[string]int64{}}
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
	courseAt := map[int64]int{}
	err = errors.Join(
		scan(`select host, env from brand_domains where brand_id = $1 order by host`, func(r pgx.Rows) error {
			var d Domain
			b.Domains = append(b.Domains, d)
			return r.Scan(&b.Domains[len(b.Domains)-1].Host, &b.Domains[len(b.Domains)-1].Env)
		}),
		scan(`select key, label, field_type, required, max_length, options from custom_fields
		       where brand_id = $1 and target_type = 'USER' order by sort, id`, func(r pgx.Rows) error {
			var f CustomField
			err := r.Scan(&f.Key, &f.Label, &f.Type, &f.Required, &f.MaxLength, &f.Options)
			b.CustomFields = append(b.CustomFields, f)
			return err
		}),
		scan(`select id, short_name, name, address, phone, opening_hours, map_url, has_line_pay, image
		        from stores where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var s Store
			var n int64
			err := r.Scan(&n, &s.ShortName, &s.Name, &s.Address, &s.Phone, &s.OpeningHours, &s.MapURL, &s.HasLinePay, &s.Image)
			if _, dup := id.stores[s.ShortName]; !dup {
				id.stores[s.ShortName] = n
			}
			c.Stores = append(c.Stores, s)
			return err
		}),
		scan(`select id, name, title, bio, image from teachers where brand_id = $1 order by sort, id`, func(r pgx.Rows) error {
			var t Teacher
			var n int64
			err := r.Scan(&n, &t.Name, &t.Title, &t.Bio, &t.Image)
			if _, dup := id.teachers[t.Name]; !dup {
				id.teachers[t.Name] = n
			}
			c.Teachers = append(c.Teachers, t)
			return err
		}),
		scan(`select i.id, i.type, i.name, i.price, i.original_price, i.description, i.quantity, i.validity_value,
		             coalesce(i.validity_unit, ''), i.activation_type, coalesce(i.admin_start_date::text, ''), i.image,
		             i.images, i.on_shelf,
		             array(select s.short_name from item_stores x join stores s on s.id = x.store_id
		                    where x.item_id = i.id order by s.sort, s.id)
		        from items i where i.brand_id = $1 order by i.sort, i.id`, func(r pgx.Rows) error {
			var it Item
			var n int64
			var vv *int
			var vu string
			err := r.Scan(&n, &it.Type, &it.Name, &it.Price, &it.OriginalPrice, &it.Description, &it.Quantity, &vv, &vu,
				&it.Activation, &it.AdminStartDate, &it.Image, &it.Images, &it.OnShelf, &it.Stores)
			if vv != nil {
				it.Validity = &Validity{Value: *vv, Unit: vu}
			}
			id.items[itemKey(it)] = n
			c.Items = append(c.Items, it)
			return err
		}),
		scan(`select c.id, s.short_name, c.name, coalesce(cat.name, ''), coalesce(t.name, ''), c.summary, c.description,
		             c.image, c.min_price, c.max_price, c.ticket_only, c.promoted, c.on_shelf,
		             c.booking_opens_hours, c.booking_closes_minutes, c.cancel_hours, c.points_cost, c.hours_cost,
		             c.count_allowed, c.passcard_allowed, c.timing_allowed, c.private_coach
		        from courses c join stores s on s.id = c.store_id
		        left join course_categories cat on cat.id = c.category_id
		        left join teachers t on t.id = c.teacher_id
		       where c.brand_id = $1 order by c.sort, c.id`, func(r pgx.Rows) error {
			var co Course
			var n int64
			bk := &co.Booking
			err := r.Scan(&n, &co.Store, &co.Name, &co.Category, &co.Teacher, &co.Summary, &co.Description, &co.Image,
				&co.MinPrice, &co.MaxPrice, &co.TicketOnly, &co.Promoted, &co.OnShelf, &bk.OpensHours, &bk.ClosesMinutes,
				&bk.CancelHours, &bk.PointsCost, &bk.HoursCost, &bk.CountAllowed, &bk.PasscardAllowed, &bk.TimingAllowed,
				&bk.PrivateCoach)
			co.Schedules = []Schedule{}
			id.courses[courseKey(co)] = n
			id.schedules[n] = map[string]int64{}
			courseAt[n] = len(c.Courses)
			c.Courses = append(c.Courses, co)
			return err
		}),
	)
	if err != nil {
		return nil, nil, err
	}
	err = scan(`select cs.id, cs.course_id, cs.date::text, to_char(cs.start_time, 'HH24:MI'), to_char(cs.end_time, 'HH24:MI'),
	                   cs.capacity, coalesce(t.name, '')
	              from course_schedules cs left join teachers t on t.id = cs.teacher_id
	             where cs.brand_id = $1 and cs.term_class_id is null
	             order by cs.course_id, cs.date, cs.start_time, cs.id`, func(r pgx.Rows) error {
		var s Schedule
		var n, course int64
		if err := r.Scan(&n, &course, &s.Date, &s.Start, &s.End, &s.Capacity, &s.Teacher); err != nil {
			return err
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

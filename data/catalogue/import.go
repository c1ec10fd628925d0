package catalogue

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/data"
)

// Options tune an import.
type Options struct {
	// DryRun computes and reports the changes and writes nothing.
	DryRun bool
	// Now is the import's clock ("+Nd" dates count from its Taipei day);
	// zero: time.Now().
	Now time.Time
	// ImageDir is where image files are stored (STOREFRONT_CATALOGUE_IMAGES);
	// a catalogue naming image files needs one.
	ImageDir string
	// Empty names the files ("courses.json") whose kind the import may
	// empty: without it, files that hold none of a kind the brand has
	// entries of are refused.
	Empty []string
}

var taipei, _ = time.LoadLocation("Asia/Taipei")

// taipeiDay is now's day in Taipei, at midnight UTC (for date arithmetic).
func taipeiDay(now time.Time) time.Time {
	t := now.In(taipei)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Import reads the catalogue in dir, checks it and brings the brand's rows
// in the database to it in one transaction (ImportTx). With DryRun it
// reports the changes and rolls them back.
func Import(ctx context.Context, db *data.DB, dir fs.FS, opt Options) (*Report, error) {
	var rep *Report
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		var err error
		if rep, err = ImportTx(ctx, tx, dir, opt); err == nil && opt.DryRun {
			return errDryRun
		}
		return err
	})
	if err != nil && !errors.Is(err, errDryRun) {
		return nil, err
	}
	return rep, nil
}

// ImportTx is Import inside tx, for a caller that writes more in the same
// transaction (the demo): an upsert by the format's keys, where an entry
// the files no longer list is taken off the shelf when members hold or
// booked it and deleted otherwise. When any problem is found it returns
// them all (Problems) and writes nothing. Running it twice changes nothing
// the second time. The brand's data_version moves once when anything
// changed, so running hosts drop their cached pages. With DryRun it
// stores no image; the caller rolls tx back.
func ImportTx(ctx context.Context, tx pgx.Tx, dir fs.FS, opt Options) (*Report, error) {
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	want, probs := Read(dir)
	if len(probs) > 0 {
		return nil, probs
	}
	images, probs := check(want, dir, taipeiDay(opt.Now))
	if len(images) > 0 && opt.ImageDir == "" {
		probs.add(brandFile, "", "", "目錄含圖片檔，但未設定圖片存放目錄 STOREFRONT_CATALOGUE_IMAGES")
	}
	normalise(want)
	rep := &Report{Brand: want.Brand.ID}
	if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtext('storefront catalogue ' || $1))", want.Brand.ID); err != nil {
		return nil, err
	}
	have, id, err := load(ctx, tx, want.Brand.ID)
	if errors.Is(err, errNoBrand) {
		have, id = &Catalogue{}, newIDs()
	} else if err != nil {
		return nil, err
	}
	probs = append(probs, vanished(want, have, opt.Empty)...)
	for _, d := range want.Brand.Domains {
		var other string
		err := tx.QueryRow(ctx, "select brand_id from brand_domains where host = $1 and brand_id <> $2", d.Host, want.Brand.ID).Scan(&other)
		if err == nil {
			probs.add(brandFile, fmt.Sprintf("網域「%s」", d.Host), "domains.host", "已被品牌「%s」使用", other)
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return nil, err
		}
	}
	if len(probs) > 0 {
		return nil, probs
	}
	// the rows' triggers leave data_version to apply (migration 013), for
	// the import's writes only
	if _, err := tx.Exec(ctx, "select set_config('storefront.importing', 'on', true)"); err != nil {
		return nil, err
	}
	if err := apply(ctx, tx, want, have, id, rep); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, "select set_config('storefront.importing', 'off', true)"); err != nil {
		return nil, err
	}
	if !opt.DryRun {
		if err := storeImages(opt.ImageDir, images); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

var errDryRun = errors.New("dry run")

// vanished reports each kind the brand has live entries of (on the
// shelf, active) and want has none of: the import would take every one
// of them off the shelf or delete it, which only an operator who names
// the file in allow means (a misnamed or forgotten file reads as none).
func vanished(want, have *Catalogue, allow []string) Problems {
	var probs Problems
	for _, f := range allow {
		if !slices.ContainsFunc(want.parts(), func(p part) bool { return p.file == f && p.file != brandFile }) {
			probs.add(f, "", "", "--empty 只能列出型錄的清單檔（如 courses.json），沒有「%s」這個檔案", f)
		}
	}
	hp := have.parts()
	for i, p := range want.parts() {
		list := reflect.ValueOf(hp[i].v).Elem()
		if list.Kind() != reflect.Slice || reflect.ValueOf(p.v).Elem().Len() > 0 || slices.Contains(allow, p.file) {
			continue
		}
		live := 0
		for j := range list.Len() {
			e := list.Index(j)
			if f := e.FieldByName("OnShelf"); f.IsValid() && !f.Bool() {
				continue
			}
			if f := e.FieldByName("Active"); f.IsValid() && !f.Bool() {
				continue
			}
			live++
		}
		if live > 0 {
			probs.add(p.file, "", "", "目錄裡沒有這個檔案，或檔案裡一筆%[2]s也沒有：匯入會把品牌現有的 %[3]d 筆%[2]s全部下架或刪除。"+
				"若是檔名打錯，請改回 %[1]s；若真的要清空%[2]s，請加上 --empty=%[1]s", p.file, p.kind, live)
		}
	}
	return probs
}

// storeImages writes the images under dir; their names carry their
// content's hash, so a file already there is the same image. Each is
// written to a temporary file of its own and renamed into place, so
// imports writing the same image at once (several hosts, parallel tests)
// do not trip over each other.
func storeImages(dir string, images []imageFile) error {
	for _, im := range images {
		p := filepath.Join(dir, filepath.FromSlash(im.Rel))
		if _, err := os.Stat(p); err == nil {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		tmp, err := os.CreateTemp(filepath.Dir(p), ".image-*")
		if err != nil {
			return err
		}
		_, err = tmp.Write(im.Data)
		err = errors.Join(err, tmp.Chmod(0o644), tmp.Close())
		if err == nil {
			err = os.Rename(tmp.Name(), p)
		}
		if err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	return nil
}

// normalise gives c the shape load gives: empty lists rather than none,
// schedules by date and start.
func normalise(c *Catalogue) {
	orEmpty := func(s *[]string) {
		if *s == nil {
			*s = []string{}
		}
	}
	b := &c.Brand
	orEmpty(&b.Modules)
	if b.Domains == nil {
		b.Domains = []Domain{}
	}
	slices.SortFunc(b.Domains, func(x, y Domain) int { return strings.Compare(x.Host, y.Host) })
	if b.CustomFields == nil {
		b.CustomFields = []CustomField{}
	}
	for i := range b.CustomFields {
		orEmpty(&b.CustomFields[i].Options)
	}
	for i := range c.Items {
		orEmpty(&c.Items[i].Images)
		orEmpty(&c.Items[i].Stores)
	}
	if c.Terms == nil {
		c.Terms = []Term{}
	}
	for i := range c.Terms {
		t := &c.Terms[i]
		if t.Classes == nil {
			t.Classes = []TermClass{}
		}
		for j := range t.Classes {
			tc := &t.Classes[j]
			if tc.Sessions == nil {
				tc.Sessions = []Session{}
			}
			slices.SortFunc(tc.Sessions, func(x, y Session) int { return strings.Compare(sessionKey(x), sessionKey(y)) })
		}
	}
	if c.Banners == nil {
		c.Banners = []Banner{}
	}
	if c.Salesmen == nil {
		c.Salesmen = []Salesman{}
	}
	for i := range c.Courses {
		co := &c.Courses[i]
		if co.Schedules == nil {
			co.Schedules = []Schedule{}
		}
		for j := range co.Schedules {
			if co.Schedules[j].Teacher == co.Teacher {
				co.Schedules[j].Teacher = ""
			}
		}
		slices.SortFunc(co.Schedules, func(x, y Schedule) int { return strings.Compare(slotKey(x), slotKey(y)) })
	}
}

// apply writes the difference between the database and want, and reports
// it. It runs in the import's transaction, with storefront.importing on:
// the rows' triggers leave the brand's data_version alone, and apply
// bumps it once at the end when anything changed.
func apply(ctx context.Context, tx pgx.Tx, want, have *Catalogue, id *ids, rep *Report) error {
	brand := want.Brand.ID
	if have.Brand.ID == "" {
		if _, err := tx.Exec(ctx, "insert into brands (id, name) values ($1, $2)", brand, want.Brand.Name); err != nil {
			return err
		}
		rep.Added = append(rep.Added, top(brandFile, "品牌").change(brand))
	}
	w := &writer{ctx: ctx, tx: tx, brand: brand, rep: rep}

	// the brand, its domains and custom fields
	wb, hb := want.Brand, have.Brand
	wb.Domains, hb.Domains, wb.CustomFields, hb.CustomFields = nil, nil, nil, nil
	if hb.ID != "" && !reflect.DeepEqual(wb, hb) {
		rep.Changed = append(rep.Changed, top(brandFile, "品牌").change(brand, fieldChanges(hb, wb)...))
	}
	if !reflect.DeepEqual(wb, hb) {
		caps := defaultFreezeCaps
		if wb.Freeze != nil {
			caps = *wb.Freeze
		}
		var sus Suspension
		if wb.Suspension != nil {
			sus = *wb.Suspension
		}
		var before *int
		var evening *string
		if r := wb.Reminder; r != nil && r.Before != "" {
			n := r.minutes()
			before = &n
		} else if r != nil && r.EveningBefore != "" {
			evening = &r.EveningBefore
		}
		w.exec(`update brands set name = $2, description = $3, app_logo = $4, web_base_background_color = $5,
		        ios_app_link = $6, android_app_link = $7, is_newpos_store = $8, booking_needs_verified_email = $9,
		        modules = $10, web_font = $11, join_with_other_brand_account = $12, freeze_abroad_months = $13,
		        freeze_voluntary_min_days = $14, freeze_voluntary_max_days = $15, freeze_voluntary_per_year = $16,
		        suspension_strikes = $17, suspension_within_days = $18, suspension_days = $19,
		        reminder_before_minutes = $20, reminder_evening_at = $21::time where id = $1`,
			brand, wb.Name, wb.Description, wb.AppLogo, wb.Colour, wb.IOSAppLink, wb.AndroidAppLink, wb.IsNewposStore,
			wb.BookingNeedsVerifiedEmail, wb.Modules, wb.WebFont, wb.JoinWithOtherBrandAccount,
			caps.AbroadMonths, caps.VoluntaryMinDays, caps.VoluntaryMaxDays, caps.VoluntaryPerYear,
			sus.Strikes, sus.WithinDays, sus.Days, before, evening)
	}
	if !reflect.DeepEqual(want.Brand.Domains, have.Brand.Domains) {
		if hb.ID != "" {
			rep.Changed = append(rep.Changed, Change{File: brandFile, Kind: "品牌的網域", Entry: fmt.Sprintf("品牌「%s」的網域", brand),
				Fields: []string{fmt.Sprintf("domains：%s -> %s", domainList(have.Brand.Domains), domainList(want.Brand.Domains))}})
		}
		w.exec("delete from brand_domains where brand_id = $1", brand)
		for _, d := range want.Brand.Domains {
			w.exec("insert into brand_domains (host, brand_id, env) values ($1, $2, $3)", d.Host, brand, d.Env)
		}
	}
	diff(w, top(brandFile, "自訂欄位"), true, want.Brand.CustomFields, have.Brand.CustomFields, fieldKeyOf,
		func(i int, f CustomField, isNew bool) {
			w.exec(`insert into custom_fields (brand_id, target_type, key, label, field_type, required, max_length, options, sort)
			        values ($1, 'USER', $2, $3, $4, $5, $6, $7, $8)
			        on conflict (brand_id, target_type, key) do update set label = excluded.label,
			          field_type = excluded.field_type, required = excluded.required, max_length = excluded.max_length,
			          options = excluded.options, sort = excluded.sort`,
				brand, f.Key, f.Label, f.Type, f.Required, f.MaxLength, f.Options, i+1)
		},
		func(f CustomField) {
			w.removed(top(brandFile, "自訂欄位"), f.Key, "delete from custom_fields where brand_id = $1 and target_type = 'USER' and key = $2", brand, f.Key)
		})

	// stores and teachers (a store the files dropped goes at the end, when
	// nothing names it any more)
	diff(w, top(storesFile, "門市"), true, want.Stores, have.Stores, func(s Store) string { return s.ID },
		func(i int, s Store, isNew bool) {
			w.exec(`insert into stores (brand_id, slug, short_name, name, address, postal_code, region, locality, phone, opening_hours, map_url, has_line_pay, image, sort)
			        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
			        on conflict (brand_id, slug) do update set short_name = excluded.short_name, name = excluded.name,
			          address = excluded.address, postal_code = excluded.postal_code, region = excluded.region,
			          locality = excluded.locality, phone = excluded.phone, opening_hours = excluded.opening_hours,
			          map_url = excluded.map_url, has_line_pay = excluded.has_line_pay, image = excluded.image, sort = excluded.sort`,
				brand, s.ID, s.ShortName, s.Name, s.Address, s.PostalCode, s.Region, s.Locality, s.Phone, s.OpeningHours, s.MapURL, s.HasLinePay, s.Image, i+1)
		}, nil)
	diff(w, top(teachersFile, "老師"), true, want.Teachers, have.Teachers, func(t Teacher) string { return t.ID },
		func(i int, t Teacher, isNew bool) {
			w.exec(`insert into teachers (brand_id, slug, name, title, bio, image, sort) values ($1, $2, $3, $4, $5, $6, $7)
			        on conflict (brand_id, slug) do update set name = excluded.name, title = excluded.title,
			          bio = excluded.bio, image = excluded.image, sort = excluded.sort`,
				brand, t.ID, t.Name, t.Title, t.Bio, t.Image, i+1)
		},
		func(t Teacher) {
			w.removed(top(teachersFile, "老師"), t.ID, "delete from teachers where id = $1", id.teachers[t.ID])
		})
	// a category is added once, in the order the courses name it (a
	// conflicting insert would spend an id)
	categories := map[string]bool{"": true}
	for _, co := range want.Courses {
		if !categories[co.Category] {
			categories[co.Category] = true
			w.exec(`insert into course_categories (brand_id, name, sort)
			        select $1::text, $2::text, coalesce(max(sort), 0) + 1 from course_categories where brand_id = $1
			        having not exists (select 1 from course_categories where brand_id = $1 and name = $2)`, brand, co.Category)
		}
	}

	// items and courses, naming stores and teachers by their ids
	ref := func(table string, n int) string {
		return fmt.Sprintf(`(select id from %s where brand_id = $1 and slug = $%d)`, table, n)
	}
	diff(w, top(itemsFile, "商品"), true, want.Items, have.Items, func(it Item) string { return it.ID },
		func(i int, it Item, isNew bool) {
			var vv *int
			var vu *string
			if it.Validity != nil {
				vv, vu = &it.Validity.Value, &it.Validity.Unit
			}
			var start, ends *string
			if it.AdminStartDate != "" {
				start = &it.AdminStartDate
			}
			if it.SaleEnds != "" {
				ends = &it.SaleEnds
			}
			w.exec(`insert into items (brand_id, slug, type, name, price, original_price, description, quantity,
			        validity_value, validity_unit, activation_type, admin_start_date, sale_ends, image, images, on_shelf, sort)
			        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
			        on conflict (brand_id, slug) do update set type = excluded.type, name = excluded.name,
			          price = excluded.price, original_price = excluded.original_price, description = excluded.description,
			          quantity = excluded.quantity, validity_value = excluded.validity_value,
			          validity_unit = excluded.validity_unit, activation_type = excluded.activation_type,
			          admin_start_date = excluded.admin_start_date, sale_ends = excluded.sale_ends, image = excluded.image, images = excluded.images,
			          on_shelf = excluded.on_shelf, sort = excluded.sort`,
				brand, it.ID, it.Type, it.Name, it.Price, it.OriginalPrice, it.Description, it.Quantity, vv, vu,
				it.Activation, start, ends, it.Image, it.Images, it.OnShelf, i+1)
			w.exec(`delete from item_stores where item_id = `+ref("items", 2), brand, it.ID)
			for _, s := range it.Stores {
				w.exec(`insert into item_stores (item_id, store_id) select `+ref("items", 2)+`, `+ref("stores", 3), brand, it.ID, s)
			}
		},
		func(it Item) {
			w.offShelfOrRemove(top(itemsFile, "商品"), it.ID, it.OnShelf, id.items[it.ID],
				`select exists(select 1 from member_passcards where item_id = $1) or exists(select 1 from member_tickets where item_id = $1)
				     or exists(select 1 from member_counting_passcards where item_id = $1) or exists(select 1 from order_lines where item_id = $1)`,
				"update items set on_shelf = false where id = $1", "delete from items where id = $1")
		})
	diff(w, top(coursesFile, "課程"), true, want.Courses, have.Courses, func(co Course) string { return co.ID },
		func(i int, co Course, isNew bool) {
			bk := co.Booking
			w.exec(`insert into courses (brand_id, slug, store_id, name, category_id, teacher_id, summary, description, image,
			          min_price, max_price, ticket_only, promoted, on_shelf, sort, booking_opens_hours, booking_closes_minutes,
			          cancel_hours, points_cost, hours_cost, count_allowed, passcard_allowed, timing_allowed, private_coach,
			          late_cancel, no_show)
			        values ($1, $2, `+ref("stores", 3)+`, $4, (select id from course_categories where brand_id = $1 and name = $5),
			          `+ref("teachers", 6)+`, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24,
			          $25, $26)
			        on conflict (brand_id, slug) do update set store_id = excluded.store_id, name = excluded.name,
			          category_id = excluded.category_id, teacher_id = excluded.teacher_id, summary = excluded.summary,
			          description = excluded.description, image = excluded.image, min_price = excluded.min_price,
			          max_price = excluded.max_price, ticket_only = excluded.ticket_only, promoted = excluded.promoted,
			          on_shelf = excluded.on_shelf, sort = excluded.sort, booking_opens_hours = excluded.booking_opens_hours,
			          booking_closes_minutes = excluded.booking_closes_minutes, cancel_hours = excluded.cancel_hours,
			          points_cost = excluded.points_cost, hours_cost = excluded.hours_cost,
			          count_allowed = excluded.count_allowed, passcard_allowed = excluded.passcard_allowed,
			          timing_allowed = excluded.timing_allowed, private_coach = excluded.private_coach,
			          late_cancel = excluded.late_cancel, no_show = excluded.no_show`,
				brand, co.ID, co.Store, co.Name, co.Category, co.Teacher, co.Summary, co.Description, co.Image,
				co.MinPrice, co.MaxPrice, co.TicketOnly, co.Promoted, co.OnShelf, i+1, bk.OpensHours, bk.ClosesMinutes,
				bk.CancelHours, bk.PointsCost, bk.HoursCost, bk.CountAllowed, bk.PasscardAllowed, bk.TimingAllowed, bk.PrivateCoach,
				bk.LateCancel, bk.NoShow)
		},
		func(co Course) {
			w.offShelfOrRemove(top(coursesFile, "課程"), co.ID, co.OnShelf, id.courses[co.ID],
				`select exists(select 1 from bookings b join course_schedules cs on cs.id = b.schedule_id where cs.course_id = $1)
				     or exists(select 1 from order_lines where course_id = $1)`,
				"update courses set on_shelf = false where id = $1", "delete from courses where id = $1")
		})
	if err := w.flush(); err != nil {
		return err
	}

	// schedules, by the ids of the courses above
	newCourse := map[string]int64{}
	if err := scanIDs(ctx, tx, "select slug, id from courses where brand_id = $1", brand, newCourse); err != nil {
		return err
	}
	haveCourse := map[string]Course{}
	for _, co := range have.Courses {
		haveCourse[co.ID] = co
	}
	teacher := func(slug string) *int64 {
		if n, ok := id.teachers[slug]; ok {
			return &n
		}
		return nil
	}
	newTeacher := map[string]int64{}
	if err := scanIDs(ctx, tx, "select slug, id from teachers where brand_id = $1", brand, newTeacher); err != nil {
		return err
	}
	id.teachers = newTeacher
	var deletes []int64
	for _, co := range want.Courses {
		cid := newCourse[co.ID]
		slots := kind{coursesFile, "課程的時段", fmt.Sprintf("課程「%s」的時段", co.ID)}
		have := haveCourse[co.ID]
		if have.ID != "" && have.Teacher != co.Teacher {
			// the sessions that follow the course's teacher follow its change
			w.exec(`update course_schedules set teacher_id = $2 where course_id = $1 and teacher_id is not distinct from $3`,
				cid, teacher(co.Teacher), teacher(have.Teacher))
		}
		diff(w, slots, false, co.Schedules, have.Schedules, slotKey,
			func(_ int, s Schedule, isNew bool) {
				t := s.Teacher
				if t == "" {
					t = co.Teacher
				}
				if isNew {
					w.exec(`insert into course_schedules (brand_id, course_id, teacher_id, date, start_time, end_time, capacity)
					        values ($1, $2, $3, $4, $5, $6, $7)`,
						brand, cid, teacher(t), s.Date, s.Start, s.End, s.Capacity)
					return
				}
				w.exec(`update course_schedules set teacher_id = $2, end_time = $3, capacity = greatest($4, booked)
				        where id = $1`, id.schedules[cid][slotKey(s)], teacher(t), s.End, s.Capacity)
			},
			func(s Schedule) {
				sid := id.schedules[cid][slotKey(s)]
				if held, err := w.held(`select exists(select 1 from bookings where schedule_id = $1)
				        or exists(select 1 from order_lines where schedule_id = $1)`, sid); err == nil && !held {
					// a booked session stays: its members keep their seats
					rep.Removed = append(rep.Removed, slots.change(slotKey(s)))
					deletes = append(deletes, sid)
				}
			})
	}
	if len(deletes) > 0 {
		w.exec("delete from course_schedules where id = any($1)", deletes)
	}

	// term schedules, their classes and sessions
	if err := applyTerms(w, want, have, id); err != nil {
		return err
	}

	// banners and salesmen
	diff(w, top(bannersFile, "橫幅"), true, want.Banners, have.Banners, func(b Banner) string { return b.ID },
		func(i int, b Banner, isNew bool) {
			w.exec(`insert into banners (brand_id, slug, title, image, link, starts_on, ends_on, sort)
			        values ($1, $2, $3, $4, $5, nullif($6, '')::date, nullif($7, '')::date, $8)
			        on conflict (brand_id, slug) do update set title = excluded.title, image = excluded.image,
			          link = excluded.link, starts_on = excluded.starts_on, ends_on = excluded.ends_on, sort = excluded.sort`,
				brand, b.ID, b.Title, b.Image, b.Link, b.StartsOn, b.EndsOn, i+1)
		},
		func(b Banner) {
			w.removed(top(bannersFile, "橫幅"), b.ID, "delete from banners where id = $1", id.banners[b.ID])
		})
	diff(w, top(salesmenFile, "業務"), true, want.Salesmen, have.Salesmen, func(m Salesman) string { return m.ID },
		func(i int, m Salesman, isNew bool) {
			w.exec(`insert into salesmen (brand_id, slug, store_id, name, code, active, sort)
			        values ($1, $2, `+ref("stores", 3)+`, $4, $5, $6, $7)
			        on conflict (brand_id, slug) do update set store_id = excluded.store_id, name = excluded.name,
			          code = excluded.code, active = excluded.active, sort = excluded.sort`,
				brand, m.ID, m.Store, m.Name, m.Code, m.Active, i+1)
		},
		func(m Salesman) {
			// an order that named the salesman keeps naming them: they stop
			// being offered instead
			w.offShelfOrRemove(top(salesmenFile, "業務"), m.ID, m.Active, id.salesmen[m.ID],
				"select exists(select 1 from order_lines where salesman_id = $1)",
				"update salesmen set active = false where id = $1", "delete from salesmen where id = $1")
		})

	// a store no course, order or salesman names any more goes (a store
	// still in use stays, though the files dropped it)
	if err := w.flush(); err != nil {
		return err
	}
	for _, s := range have.Stores {
		if !slices.ContainsFunc(want.Stores, func(x Store) bool { return x.ID == s.ID }) {
			sid := id.stores[s.ID]
			used, err := w.held(`select exists(select 1 from courses where store_id = $1)
			        or exists(select 1 from order_lines where store_id = $1)
			        or exists(select 1 from salesmen where store_id = $1)`, sid)
			if err != nil {
				return err
			}
			if !used {
				w.removed(top(storesFile, "門市"), s.ID, "delete from stores where id = $1", sid)
			}
		}
	}
	if !rep.Empty() {
		w.exec("update brands set data_version = data_version + 1 where id = $1", brand)
	}
	return w.flush()
}

// applyTerms writes the term schedules: each term, then its classes (a
// course sold whole), then the classes' sessions (the course's teacher,
// the class's capacity). A class or session with bookings stays when the
// files drop it; a term with booked sessions is taken off the shelf.
func applyTerms(w *writer, want, have *Catalogue, id *ids) error {
	brand := w.brand
	haveTerm := map[string]Term{}
	for _, t := range have.Terms {
		haveTerm[t.ID] = t
	}
	bare := func(ts []Term) []Term {
		out := make([]Term, len(ts))
		for i, t := range ts {
			t.Classes = nil
			out[i] = t
		}
		return out
	}
	heldTerm := `select exists(select 1 from bookings b join course_schedules cs on cs.id = b.schedule_id
	                                join term_classes tc on tc.id = cs.term_class_id where tc.term_schedule_id = $1)`
	heldClass := `select exists(select 1 from bookings b join course_schedules cs on cs.id = b.schedule_id where cs.term_class_id = $1)`
	diff(w, top(termsFile, "學期課程"), true, bare(want.Terms), bare(have.Terms), func(t Term) string { return t.ID },
		func(i int, t Term, isNew bool) {
			w.exec(`insert into term_schedules (brand_id, slug, name, intro, image, start_date, end_date, on_shelf, sort)
			        values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			        on conflict (brand_id, slug) do update set name = excluded.name, intro = excluded.intro,
			          image = excluded.image, start_date = excluded.start_date, end_date = excluded.end_date,
			          on_shelf = excluded.on_shelf, sort = excluded.sort`,
				brand, t.ID, t.Name, t.Intro, t.Image, t.StartDate, t.EndDate, t.OnShelf, i+1)
		},
		func(t Term) {
			w.offShelfOrRemove(top(termsFile, "學期課程"), t.ID, t.OnShelf, id.terms[t.ID], heldTerm,
				"update term_schedules set on_shelf = false where id = $1", "delete from term_schedules where id = $1")
		})
	classRef := `(select tc.id from term_classes tc join term_schedules ts on ts.id = tc.term_schedule_id
	               where ts.brand_id = $1 and ts.slug = $2 and tc.slug = $3)`
	for _, t := range want.Terms {
		ht := haveTerm[t.ID]
		tid := id.terms[t.ID]
		bareClasses := func(cs []TermClass) []TermClass {
			out := make([]TermClass, len(cs))
			for i, c := range cs {
				c.Sessions = nil
				out[i] = c
			}
			return out
		}
		classes := kind{termsFile, "學期課程的班級", fmt.Sprintf("學期課程「%s」的班級", t.ID)}
		diff(w, classes, true, bareClasses(t.Classes), bareClasses(ht.Classes), func(c TermClass) string { return c.ID },
			func(i int, c TermClass, isNew bool) {
				w.exec(`insert into term_classes (brand_id, term_schedule_id, slug, course_id, name, intro, price, capacity, sort)
				        values ($1, (select id from term_schedules where brand_id = $1 and slug = $2), $3,
				          (select id from courses where brand_id = $1 and slug = $4), $5, $6, $7, $8, $9)
				        on conflict (term_schedule_id, slug) do update set course_id = excluded.course_id, name = excluded.name,
				          intro = excluded.intro, price = excluded.price, capacity = excluded.capacity, sort = excluded.sort`,
					brand, t.ID, c.ID, c.Course, c.Name, c.Intro, c.Price, c.Capacity, i+1)
				if !isNew { // its sessions follow the class's course and capacity
					w.exec(`update course_schedules cs set course_id = tc.course_id, teacher_id = co.teacher_id,
					          capacity = greatest(tc.capacity, cs.booked)
					          from term_classes tc join courses co on co.id = tc.course_id
					         where tc.id = `+classRef+` and cs.term_class_id = tc.id`, brand, t.ID, c.ID)
				}
			},
			func(c TermClass) {
				cid := id.classes[tid][c.ID]
				if held, err := w.held(heldClass, cid); err == nil && !held {
					w.removed(classes, c.ID, "delete from term_classes where id = $1", cid)
				}
			})
		haveClass := map[string]TermClass{}
		for _, c := range ht.Classes {
			haveClass[c.ID] = c
		}
		for _, c := range t.Classes {
			cid := id.classes[tid][c.ID]
			sessions := kind{termsFile, "學期課程的課堂", fmt.Sprintf("學期課程「%s」班級「%s」的課堂", t.ID, c.ID)}
			diff(w, sessions, false, c.Sessions, haveClass[c.ID].Sessions, sessionKey,
				func(_ int, s Session, isNew bool) {
					if isNew {
						w.exec(`insert into course_schedules (brand_id, course_id, teacher_id, term_class_id, date, start_time, end_time, capacity)
						        select $1, tc.course_id, co.teacher_id, tc.id, $4, $5, $6, tc.capacity
						          from term_classes tc join courses co on co.id = tc.course_id where tc.id = `+classRef,
							brand, t.ID, c.ID, s.Date, s.Start, s.End)
						return
					}
					w.exec(`update course_schedules set end_time = $2 where id = $1`, id.sessions[cid][sessionKey(s)], s.End)
				},
				func(s Session) {
					sid := id.sessions[cid][sessionKey(s)]
					if held, err := w.held(`select exists(select 1 from bookings where schedule_id = $1)
					        or exists(select 1 from order_lines where schedule_id = $1)`, sid); err == nil && !held {
						w.removed(sessions, sessionKey(s), "delete from course_schedules where id = $1", sid)
					}
				})
		}
	}
	return w.flush()
}

// scanIDs reads slug -> id pairs of a brand's rows into into.
func scanIDs(ctx context.Context, tx pgx.Tx, sql, brand string, into map[string]int64) error {
	rows, err := tx.Query(ctx, sql, brand)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var slug string
		var n int64
		if err := rows.Scan(&slug, &n); err != nil {
			return err
		}
		into[slug] = n
	}
	return rows.Err()
}

// writer queues the statements of an import and runs them in batches.
type writer struct {
	ctx   context.Context
	tx    pgx.Tx
	brand string
	rep   *Report
	batch pgx.Batch
	err   error
}

func (w *writer) exec(sql string, args ...any) {
	w.batch.Queue(sql, args...)
	if w.batch.Len() >= 2000 {
		w.err = errors.Join(w.err, w.flush())
	}
}

func (w *writer) flush() error {
	if w.err != nil || w.batch.Len() == 0 {
		return w.err
	}
	err := w.tx.SendBatch(w.ctx, &w.batch).Close()
	w.batch = pgx.Batch{}
	return err
}

// held runs a yes-or-no question about the row id after the queued
// statements; an error stops the import.
func (w *writer) held(sql string, id int64) (bool, error) {
	if err := w.flush(); err != nil {
		return false, err
	}
	var is bool
	if err := w.tx.QueryRow(w.ctx, sql, id).Scan(&is); err != nil {
		w.err = err
		return false, err
	}
	return is, nil
}

func (w *writer) removed(k kind, key, sql string, args ...any) {
	w.rep.Removed = append(w.rep.Removed, k.change(key))
	w.exec(sql, args...)
}

// offShelfOrRemove takes an entry the files dropped off the shelf when
// held asks true, and deletes it otherwise.
func (w *writer) offShelfOrRemove(k kind, key string, onShelf bool, id int64, held, offShelf, remove string) {
	is, err := w.held(held, id)
	if err != nil {
		return
	}
	if !is {
		w.removed(k, key, remove, id)
		return
	}
	if onShelf {
		w.rep.OffShelf = append(w.rep.OffShelf, k.change(key))
		w.exec(offShelf, id)
	}
}

// diff compares want and have by key: put writes an added or changed entry
// (with its position in want), gone handles one have holds and want does
// not (nil: left as it is). When ordered, an entry that moved among the
// kept entries is changed too (its sort follows the file).
func diff[T any](w *writer, k kind, ordered bool, want, have []T, key func(T) string,
	put func(i int, v T, isNew bool), gone func(T)) {
	seen := make(map[string]bool, len(want))
	for _, v := range want {
		seen[key(v)] = true
	}
	old := make(map[string]int, len(have))
	kept := make([]T, 0, len(have))
	for _, v := range have {
		if seen[key(v)] {
			old[key(v)] = len(kept)
			kept = append(kept, v)
		}
	}
	for i, v := range want {
		j, ok := old[key(v)]
		switch {
		case !ok:
			w.rep.Added = append(w.rep.Added, k.change(key(v)))
			put(i, v, true)
		default:
			fields := fieldChanges(kept[j], v)
			if ordered && j != i {
				fields = append(fields, fmt.Sprintf("順序：第 %d 筆 -> 第 %d 筆", j+1, i+1))
			}
			if len(fields) > 0 {
				w.rep.Changed = append(w.rep.Changed, k.change(key(v), fields...))
				put(i, v, false)
			}
		}
	}
	if gone == nil {
		return
	}
	for _, v := range have {
		if !seen[key(v)] {
			gone(v)
		}
	}
}

// domainList writes domains for the report.
func domainList(ds []Domain) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = d.Host + "（" + d.Env + "）"
	}
	return "[" + strings.Join(parts, "、") + "]"
}

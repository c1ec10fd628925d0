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
}

// Report is what an import changed (or would change, in a dry run), one
// line per entry: "courses.json：課程「空中瑜珈」（信義館）".
type Report struct {
	Brand    string
	Added    []string
	Changed  []string
	OffShelf []string // taken off the shelf: members hold or booked it
	Removed  []string // deleted: nobody held or booked it
}

// Empty reports whether nothing changed.
func (r *Report) Empty() bool {
	return len(r.Added)+len(r.Changed)+len(r.OffShelf)+len(r.Removed) == 0
}

func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "品牌 %s：新增 %d、變更 %d、下架 %d、刪除 %d\n", r.Brand, len(r.Added), len(r.Changed), len(r.OffShelf), len(r.Removed))
	for _, l := range []struct {
		mark  string
		lines []string
	}{{"+", r.Added}, {"~", r.Changed}, {"↓", r.OffShelf}, {"-", r.Removed}} {
		for _, s := range l.lines {
			fmt.Fprintf(&b, "%s %s\n", l.mark, s)
		}
	}
	return b.String()
}

var taipei, _ = time.LoadLocation("Asia/Taipei")

// Import reads the catalogue in dir, checks it and brings the brand's rows
// in the database to it in one transaction: an upsert by the format's
// keys, where an entry the files no longer list is taken off the shelf
// when members hold or booked it and deleted otherwise. When any problem
// is found it returns them all (Problems) and writes nothing. Running it
// twice changes nothing the second time. The brand's data_version moves
// with every written row, so running hosts drop their cached pages.
func Import(ctx context.Context, db *data.DB, dir fs.FS, opt Options) (*Report, error) {
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	today := opt.Now.In(taipei)
	today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	want, probs := Read(dir)
	if len(probs) > 0 {
		return nil, probs
	}
	images, probs := check(want, dir, today)
	if len(images) > 0 && opt.ImageDir == "" {
		probs.add(brandFile, "", "", "目錄含圖片檔，但未設定圖片存放目錄 STOREFRONT_CATALOGUE_IMAGES")
	}
	normalise(want)
	rep := &Report{Brand: want.Brand.ID}
	err := pgx.BeginFunc(ctx, db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "select pg_advisory_xact_lock(hashtext('storefront catalogue ' || $1))", want.Brand.ID); err != nil {
			return err
		}
		for _, d := range want.Brand.Domains {
			var other string
			err := tx.QueryRow(ctx, "select brand_id from brand_domains where host = $1 and brand_id <> $2", d.Host, want.Brand.ID).Scan(&other)
			if err == nil {
				probs.add(brandFile, fmt.Sprintf("網域「%s」", d.Host), "domains.host", "已被品牌「%s」使用", other)
			} else if !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
		}
		if len(probs) > 0 {
			return probs
		}
		if err := apply(ctx, tx, want, rep); err != nil {
			return err
		}
		if opt.DryRun {
			return errDryRun
		}
		return storeImages(opt.ImageDir, images)
	})
	if errors.Is(err, errDryRun) {
		return rep, nil
	}
	if err != nil {
		return nil, err
	}
	return rep, nil
}

var errDryRun = errors.New("dry run")

// storeImages writes the images under dir; their names carry their
// content's hash, so a file already there is the same image.
func storeImages(dir string, images []imageFile) error {
	for _, im := range images {
		p := filepath.Join(dir, filepath.FromSlash(im.Rel))
		if _, err := os.Stat(p); err == nil {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		tmp := p + ".tmp"
		if err := os.WriteFile(tmp, im.Data, 0o644); err != nil {
			return err
		}
		if err := os.Rename(tmp, p); err != nil {
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
// it. It runs in the import's transaction.
func apply(ctx context.Context, tx pgx.Tx, want *Catalogue, rep *Report) error {
	brand := want.Brand.ID
	have, id, err := load(ctx, tx, brand)
	if errors.Is(err, errNoBrand) {
		have, id = &Catalogue{}, &ids{stores: map[string]int64{}, teachers: map[string]int64{}, items: map[string]int64{},
			courses: map[string]int64{}, schedules: map[int64]map[string]int64{}}
		if _, err := tx.Exec(ctx, "insert into brands (id, name) values ($1, $2)", brand, want.Brand.Name); err != nil {
			return err
		}
		rep.Added = append(rep.Added, fmt.Sprintf("%s：品牌「%s」", brandFile, brand))
	} else if err != nil {
		return err
	}
	w := &writer{ctx: ctx, tx: tx, brand: brand, rep: rep}

	// the brand, its domains and custom fields
	wb, hb := want.Brand, have.Brand
	wb.Domains, hb.Domains, wb.CustomFields, hb.CustomFields = nil, nil, nil, nil
	if hb.ID != "" && !reflect.DeepEqual(wb, hb) {
		rep.Changed = append(rep.Changed, fmt.Sprintf("%s：品牌「%s」", brandFile, brand))
	}
	if !reflect.DeepEqual(wb, hb) {
		w.exec(`update brands set name = $2, description = $3, app_logo = $4, web_base_background_color = $5,
		        ios_app_link = $6, android_app_link = $7, is_newpos_store = $8, booking_needs_verified_email = $9,
		        modules = $10 where id = $1`,
			brand, wb.Name, wb.Description, wb.AppLogo, wb.Colour, wb.IOSAppLink, wb.AndroidAppLink, wb.IsNewposStore,
			wb.BookingNeedsVerifiedEmail, wb.Modules)
	}
	if !reflect.DeepEqual(want.Brand.Domains, have.Brand.Domains) {
		if hb.ID != "" {
			rep.Changed = append(rep.Changed, fmt.Sprintf("%s：品牌「%s」的網域", brandFile, brand))
		}
		w.exec("delete from brand_domains where brand_id = $1", brand)
		for _, d := range want.Brand.Domains {
			w.exec("insert into brand_domains (host, brand_id, env) values ($1, $2, $3)", d.Host, brand, d.Env)
		}
	}
	diff(w, brandFile, "自訂欄位", true, want.Brand.CustomFields, have.Brand.CustomFields, fieldKeyOf,
		func(i int, f CustomField, isNew bool) {
			w.exec(`insert into custom_fields (brand_id, target_type, key, label, field_type, required, max_length, options, sort)
			        values ($1, 'USER', $2, $3, $4, $5, $6, $7, $8)
			        on conflict (brand_id, target_type, key) do update set label = excluded.label,
			          field_type = excluded.field_type, required = excluded.required, max_length = excluded.max_length,
			          options = excluded.options, sort = excluded.sort`,
				brand, f.Key, f.Label, f.Type, f.Required, f.MaxLength, f.Options, i+1)
		},
		func(f CustomField) {
			w.removed(brandFile, "自訂欄位", f.Key, "delete from custom_fields where brand_id = $1 and target_type = 'USER' and key = $2", brand, f.Key)
		})

	// stores and teachers
	diff(w, storesFile, "門市", true, want.Stores, have.Stores, func(s Store) string { return s.ShortName },
		func(i int, s Store, isNew bool) {
			if isNew {
				w.exec(`insert into stores (brand_id, short_name, name, address, phone, opening_hours, map_url, has_line_pay, image, sort)
				        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
					brand, s.ShortName, s.Name, s.Address, s.Phone, s.OpeningHours, s.MapURL, s.HasLinePay, s.Image, i+1)
				return
			}
			w.exec(`update stores set name = $2, address = $3, phone = $4, opening_hours = $5, map_url = $6,
			        has_line_pay = $7, image = $8, sort = $9 where id = $1`,
				id.stores[s.ShortName], s.Name, s.Address, s.Phone, s.OpeningHours, s.MapURL, s.HasLinePay, s.Image, i+1)
		}, nil)
	diff(w, teachersFile, "老師", true, want.Teachers, have.Teachers, func(t Teacher) string { return t.Name },
		func(i int, t Teacher, isNew bool) {
			if isNew {
				w.exec(`insert into teachers (brand_id, name, title, bio, image, sort) values ($1, $2, $3, $4, $5, $6)`,
					brand, t.Name, t.Title, t.Bio, t.Image, i+1)
				return
			}
			w.exec(`update teachers set title = $2, bio = $3, image = $4, sort = $5 where id = $1`,
				id.teachers[t.Name], t.Title, t.Bio, t.Image, i+1)
		},
		func(t Teacher) {
			w.removed(teachersFile, "老師", t.Name, "delete from teachers where id = $1", id.teachers[t.Name])
		})
	for _, co := range want.Courses {
		if co.Category != "" {
			w.exec(`insert into course_categories (brand_id, name, sort)
			        select $1::text, $2::text, coalesce(max(sort), 0) + 1 from course_categories where brand_id = $1
			        on conflict (brand_id, name) do nothing`, brand, co.Category)
		}
	}
	if err := w.flush(); err != nil {
		return err
	}

	// items and courses (by the ids of the stores and teachers above)
	storeID := `(select id from stores where brand_id = $1 and short_name = $2 order by id limit 1)`
	teacherID := func(n int) string {
		return fmt.Sprintf(`(select id from teachers where brand_id = $1 and name = $%d order by id limit 1)`, n)
	}
	diff(w, itemsFile, "商品", true, want.Items, have.Items, itemKey,
		func(i int, it Item, isNew bool) {
			var vv *int
			var vu *string
			if it.Validity != nil {
				vv, vu = &it.Validity.Value, &it.Validity.Unit
			}
			var start *string
			if it.AdminStartDate != "" {
				start = &it.AdminStartDate
			}
			args := []any{brand, it.Type, it.Name, it.Price, it.OriginalPrice, it.Description, it.Quantity, vv, vu,
				it.Activation, start, it.Image, it.Images, it.OnShelf, i + 1}
			if isNew {
				w.exec(`insert into items (brand_id, type, name, price, original_price, description, quantity,
				        validity_value, validity_unit, activation_type, admin_start_date, image, images, on_shelf, sort)
				        values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`, args...)
			} else {
				w.exec(`update items set price = $4, original_price = $5, description = $6, quantity = $7,
				        validity_value = $8, validity_unit = $9, activation_type = $10, admin_start_date = $11,
				        image = $12, images = $13, on_shelf = $14, sort = $15
				        where brand_id = $1 and type = $2 and name = $3`, args...)
			}
			w.exec(`delete from item_stores where item_id = (select id from items where brand_id = $1 and type = $2 and name = $3 order by id limit 1)`,
				brand, it.Type, it.Name)
			for _, s := range it.Stores {
				w.exec(`insert into item_stores (item_id, store_id)
				        select (select id from items where brand_id = $1 and type = $3 and name = $4 order by id limit 1), `+storeID,
					brand, s, it.Type, it.Name)
			}
		},
		func(it Item) {
			w.offShelfOrRemove(itemsFile, "商品", it.Name, it.OnShelf, id.items[itemKey(it)],
				`select exists(select 1 from member_passcards where item_id = $1) or exists(select 1 from member_tickets where item_id = $1)
				     or exists(select 1 from member_counting_passcards where item_id = $1) or exists(select 1 from order_lines where item_id = $1)`,
				"update items set on_shelf = false where id = $1", "delete from items where id = $1")
		})
	diff(w, coursesFile, "課程", true, want.Courses, have.Courses, courseKey,
		func(i int, co Course, isNew bool) {
			co.Schedules = nil
			bk := co.Booking
			args := []any{brand, co.Store, co.Name, co.Category, co.Teacher, co.Summary, co.Description, co.Image,
				co.MinPrice, co.MaxPrice, co.TicketOnly, co.Promoted, co.OnShelf, i + 1, bk.OpensHours, bk.ClosesMinutes,
				bk.CancelHours, bk.PointsCost, bk.HoursCost, bk.CountAllowed, bk.PasscardAllowed, bk.TimingAllowed, bk.PrivateCoach}
			cols := `category_id = (select id from course_categories where brand_id = $1 and name = $4),
			         teacher_id = ` + teacherID(5) + `, summary = $6, description = $7, image = $8, min_price = $9,
			         max_price = $10, ticket_only = $11, promoted = $12, on_shelf = $13, sort = $14,
			         booking_opens_hours = $15, booking_closes_minutes = $16, cancel_hours = $17, points_cost = $18,
			         hours_cost = $19, count_allowed = $20, passcard_allowed = $21, timing_allowed = $22, private_coach = $23`
			if isNew {
				w.exec(`insert into courses (brand_id, store_id, name, min_price, max_price) values ($1, `+storeID+`, $3, $4, $5)`,
					brand, co.Store, co.Name, co.MinPrice, co.MaxPrice)
			}
			w.exec(`update courses set `+cols+` where brand_id = $1 and store_id = `+storeID+` and name = $3`, args...)
		},
		func(co Course) {
			w.offShelfOrRemove(coursesFile, "課程", co.Name+"（"+co.Store+"）", co.OnShelf, id.courses[courseKey(co)],
				`select exists(select 1 from bookings b join course_schedules cs on cs.id = b.schedule_id where cs.course_id = $1)
				     or exists(select 1 from order_lines where course_id = $1) or exists(select 1 from term_classes where course_id = $1)`,
				"update courses set on_shelf = false where id = $1", "delete from courses where id = $1")
		})
	if err := w.flush(); err != nil {
		return err
	}

	// schedules, by the ids of the courses above
	_, id, err = load(ctx, tx, brand)
	if err != nil {
		return err
	}
	haveCourse := map[string]Course{}
	for _, co := range have.Courses {
		haveCourse[courseKey(co)] = co
	}
	teacher := func(name string) *int64 {
		if n, ok := id.teachers[name]; ok {
			return &n
		}
		return nil
	}
	// Each schedule row bumps the brand's data_version by its trigger, and
	// a hundred thousand updates of one row in one transaction grow
	// quadratically slow. As a superuser the import writes the schedules
	// with the triggers off (session_replication_role replica, this
	// transaction only: other sessions keep theirs) and bumps the version
	// once; their references are the ids just read, and deletions (which
	// need the cascades) wait until the triggers are back.
	var bulk bool
	if err := tx.QueryRow(ctx, "select rolsuper from pg_roles where rolname = current_user").Scan(&bulk); err != nil {
		return err
	}
	if bulk {
		w.exec("set local session_replication_role = replica")
	}
	var deletes []int64
	before := len(rep.Added) + len(rep.Changed)
	for _, co := range want.Courses {
		cid := id.courses[courseKey(co)]
		name := fmt.Sprintf("課程「%s」（%s）的時段", co.Name, co.Store)
		diff(w, coursesFile, name, false, co.Schedules, haveCourse[courseKey(co)].Schedules, slotKey,
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
				w.exec(`update course_schedules set teacher_id = $2, end_time = $3, capacity = greatest($4, booked),
				        updated_at = now() where id = $1`, id.schedules[cid][slotKey(s)], teacher(t), s.End, s.Capacity)
			},
			func(s Schedule) {
				sid := id.schedules[cid][slotKey(s)]
				var held bool
				if err := tx.QueryRow(ctx, `select exists(select 1 from bookings where schedule_id = $1)
				        or exists(select 1 from order_lines where schedule_id = $1)`, sid).Scan(&held); err != nil {
					w.err = err
					return
				}
				if !held { // a booked session stays: its members keep their seats
					rep.Removed = append(rep.Removed, fmt.Sprintf("%s：%s「%s」", coursesFile, name, s.Date+" "+s.Start))
					deletes = append(deletes, sid)
				}
			})
	}
	if bulk {
		w.exec("set local session_replication_role = origin")
		if len(rep.Added)+len(rep.Changed) > before {
			w.exec("update brands set data_version = data_version + 1 where id = $1", brand)
		}
	}
	if len(deletes) > 0 {
		w.exec("delete from course_schedules where id = any($1)", deletes)
	}
	// a store no course, order or salesman names any more goes (a store
	// still in use stays, though the files dropped it)
	for _, s := range have.Stores {
		if !slices.ContainsFunc(want.Stores, func(x Store) bool { return x.ShortName == s.ShortName }) {
			var used bool
			sid := id.stores[s.ShortName]
			if err := tx.QueryRow(ctx, `select exists(select 1 from courses where store_id = $1)
			        or exists(select 1 from order_lines where store_id = $1)
			        or exists(select 1 from salesmen where store_id = $1)`, sid).Scan(&used); err != nil {
				return err
			}
			if !used {
				w.removed(storesFile, "門市", s.ShortName, "delete from stores where id = $1", sid)
			}
		}
	}
	return w.flush()
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

func (w *writer) removed(file, kind, key, sql string, args ...any) {
	w.rep.Removed = append(w.rep.Removed, fmt.Sprintf("%s：%s「%s」", file, kind, key))
	w.exec(sql, args...)
}

// offShelfOrRemove takes an entry the files dropped off the shelf when
// held asks true, and deletes it otherwise.
func (w *writer) offShelfOrRemove(file, kind, key string, onShelf bool, id int64, held, offShelf, remove string) {
	if w.err != nil {
		return
	}
	var is bool
	if err := w.tx.QueryRow(w.ctx, held, id).Scan(&is); err != nil {
		w.err = err
		return
	}
	if !is {
		w.removed(file, kind, key, remove, id)
		return
	}
	if onShelf {
		w.rep.OffShelf = append(w.rep.OffShelf, fmt.Sprintf("%s：%s「%s」", file, kind, key))
		w.exec(offShelf, id)
	}
}

// diff compares want and have by key: put writes an added or changed entry
// (with its position in want), gone handles one have holds and want does
// not (nil: left as it is). When ordered, an entry that moved among the
// kept entries is changed too (its sort follows the file).
func diff[T any](w *writer, file, kind string, ordered bool, want, have []T, key func(T) string,
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
		k := key(v)
		j, ok := old[k]
		switch {
		case !ok:
			w.rep.Added = append(w.rep.Added, fmt.Sprintf("%s：%s「%s」", file, kind, label(k)))
			put(i, v, true)
		case ordered && j != i || !reflect.DeepEqual(v, kept[j]):
			w.rep.Changed = append(w.rep.Changed, fmt.Sprintf("%s：%s「%s」", file, kind, label(k)))
			put(i, v, false)
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

// label makes a key readable: "信義館\x00空中瑜珈" reads "信義館 空中瑜珈".
func label(k string) string { return strings.ReplaceAll(k, "\x00", " ") }

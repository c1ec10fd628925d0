package data_test

import (
	"context"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/rules"
)

// The demo catalogue's schedules are relative to the load day, so these
// tests read it with the real clock. Its timetable spans five weeks from
// this week's Monday, so the four weeks from today are full on any weekday.

func TestDemoCatalogue(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	var courses, teachers, days int
	err := db.Pool.QueryRow(ctx, `select (select count(*) from courses where brand_id = 'demo'),
		(select count(*) from teachers where brand_id = 'demo'),
		(select count(distinct date) from course_schedules where brand_id = 'demo' and term_class_id is null
		   and date - (now() at time zone 'Asia/Taipei')::date between 0 and 27)`).Scan(&courses, &teachers, &days)
	if err != nil {
		t.Fatal(err)
	}
	if courses < 40 || teachers < 5 || days != 28 {
		t.Fatalf("demo has %d courses, %d teachers, schedules on %d of the next 28 days; want >= 40, >= 5, 28", courses, teachers, days)
	}
}

func TestActivities(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	now := time.Now()
	normal, term := false, true

	p, err := db.Activities(ctx, "demo", data.ActivityFilter{From: now, Term: &normal}, 1, data.ActivityPageSize, data.SchedulesPerItem, data.TeacherPerSize)
	if err != nil {
		t.Fatal(err)
	}
	if p.Total < 40 || len(p.List) != data.ActivityPageSize {
		t.Fatalf("page 1: total %d, %d items", p.Total, len(p.List))
	}
	prev := ""
	for _, a := range p.List {
		if len(a.ScheduleList) == 0 || len(a.ScheduleList) > data.SchedulesPerItem || len(a.TeacherList) == 0 || len(a.TeacherList) > data.TeacherPerSize {
			t.Fatalf("%s: %d schedules, %d teachers", a.CourseName, len(a.ScheduleList), len(a.TeacherList))
		}
		first := a.ScheduleList[0].ScheduleDate + a.ScheduleList[0].StartTime
		if first < prev {
			t.Fatalf("not soonest first: %s before %s", prev, first)
		}
		prev = first
		for _, s := range a.ScheduleList {
			if s.TermClassID != 0 || s.ScheduleDate+" "+s.StartTime < rules.Wall(now)[:16] {
				t.Fatalf("%s: schedule %+v is a term session or past", a.CourseName, s)
			}
		}
	}
	p2, err := db.Activities(ctx, "demo", data.ActivityFilter{From: now, Term: &normal}, 2, data.ActivityPageSize, data.SchedulesPerItem, data.TeacherPerSize)
	if err != nil || p2.Total != p.Total || len(p2.List) != p.Total-data.ActivityPageSize {
		t.Fatalf("page 2: %v %d of %d", err, len(p2.List), p2.Total)
	}
	far, err := db.Activities(ctx, "demo", data.ActivityFilter{From: now, Term: &normal}, 99, data.ActivityPageSize, data.SchedulesPerItem, data.TeacherPerSize)
	if err != nil || far.Total != p.Total || len(far.List) != 0 {
		t.Fatalf("page 99: %v %d of %d", err, len(far.List), far.Total)
	}

	tp, err := db.Activities(ctx, "demo", data.ActivityFilter{From: now, Term: &term}, 1, data.ActivityPageSize, data.SchedulesPerItem, data.TeacherPerSize)
	if err != nil || tp.Total != 1 || tp.List[0].CourseName != "墊上皮拉提斯" || tp.List[0].ScheduleList[0].TermClassID == 0 {
		t.Fatalf("term activities: %v %+v", err, tp)
	}
}

func TestSearchFindsPartialChineseWords(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	now := time.Now()
	names := func(f data.ActivityFilter) []string {
		t.Helper()
		p, err := db.Activities(ctx, "demo", f, 1, data.MaxPageSize, 1, data.TeacherPerSize)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, a := range p.List {
			out = append(out, a.CourseName+"@"+a.StoreShortName)
		}
		return out
	}
	got := strings.Join(names(data.ActivityFilter{From: now, Keyword: "瑜珈"}), ",")
	for _, want := range []string{"空中瑜珈入門@信義館", "空中瑜珈入門@竹北館", "哈達瑜珈@信義館", "親子瑜珈@竹北館"} {
		if !strings.Contains(got, want) {
			t.Errorf("瑜珈 did not find %s: %s", want, got)
		}
	}
	if strings.Contains(got, "飛輪") {
		t.Errorf("瑜珈 found a cycling class: %s", got)
	}
	if v := strings.Join(names(data.ActivityFilter{From: now, Keyword: "瑜伽"}), ","); v != got {
		t.Errorf("瑜伽 (variant) found %s; want the same as 瑜珈", v)
	}
	if v := names(data.ActivityFilter{From: now, Keyword: "中瑜"}); len(v) != 4 { // 空中瑜珈入門/進階 at two stores
		t.Errorf("中瑜 found %v", v)
	}
	if v := names(data.ActivityFilter{From: now, Keyword: "hiit"}); len(v) != 2 {
		t.Errorf("hiit (case folded) found %v", v)
	}
	if v := names(data.ActivityFilter{From: now, Keyword: "林語涵"}); len(v) < 4 {
		t.Errorf("a teacher's name found %v", v)
	}
	if v := names(data.ActivityFilter{From: now, Keyword: "100%_"}); len(v) != 0 {
		t.Errorf("wildcards matched %v", v)
	}
	// filters: store and a date range of one day
	b, _ := db.LoadBrand(ctx, "demo")
	day := rules.Day(now.AddDate(0, 0, 3))
	for _, n := range names(data.ActivityFilter{From: now, StoreID: b.Stores[1].ID, To: day}) {
		if !strings.HasSuffix(n, "@竹北館") {
			t.Errorf("store filter let through %s", n)
		}
	}
}

func TestItemDetailAndLists(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	var offID int64
	if err := db.Pool.QueryRow(ctx, `select id from items where name = '夏季限定通行卡'`).Scan(&offID); err != nil {
		t.Fatal(err)
	}
	it, err := db.Item(ctx, "demo", "passcard", offID, rules.Day(time.Now()))
	if err != nil || it.OnShelf || it.Image == "" {
		t.Fatalf("off-shelf item = %+v, %v", it, err)
	}
	if _, err := db.Item(ctx, "demo", "point", offID, rules.Day(time.Now())); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Fatalf("item under another type: %v", err)
	}
	if _, err := db.Item(ctx, "yoga", "passcard", offID, rules.Day(time.Now())); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Fatalf("item of another brand: %v", err)
	}
	p, err := db.Items(ctx, "demo", data.ItemFilter{Modules: data.AllModules, Types: []string{"point", "quantityPasscard"}, Day: rules.Day(time.Now())}, 1, 2)
	if err != nil || p.Total != 5 || len(p.List) != 2 || p.List[0].Type != "point" {
		t.Fatalf("tickets page = %+v, %v", p, err)
	}
	p, err = db.Items(ctx, "demo", data.ItemFilter{Modules: data.AllModules, Keyword: "分鐘", Day: rules.Day(time.Now())}, 1, 10)
	if err != nil || p.Total != 2 {
		t.Fatalf("keyword 分鐘 = %+v, %v", p, err)
	}
}

func TestTermSchedules(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	today := rules.Day(time.Now())
	terms, err := db.TermSchedules(ctx, "term", today, 0)
	if err != nil || len(terms) != 2 || len(terms[0].ClassList) != 4 {
		t.Fatalf("terms = %+v, %v", terms, err)
	}
	c := terms[0].ClassList[0]
	if c.SessionCount != 12 || c.Weekday != 7 || c.StartTime != "10:00" || c.Price != 4800 {
		t.Fatalf("class = %+v", c)
	}
	one, err := db.TermSchedule(ctx, "term", terms[0].TermScheduleID, c.ScheduleID)
	if err != nil || len(one.ClassList) != 1 || len(one.ClassList[0].SessionList) != 12 {
		t.Fatalf("class detail = %+v, %v", one, err)
	}
	if _, err := db.TermSchedule(ctx, "term", terms[0].TermScheduleID, 999999); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Fatalf("unknown class: %v", err)
	}
	if _, err := db.TermSchedule(ctx, "demo", terms[0].TermScheduleID, 0); storefront.ErrorKind(err) != storefront.KindNotFound {
		t.Fatalf("another brand's term: %v", err)
	}
}

// TestCatalogueChangesBumpDataVersion: a change to any catalogue table bumps
// its brand's data_version (the page cache's key).
func TestCatalogueChangesBumpDataVersion(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()
	version := func() int64 {
		var v int64
		if err := db.Pool.QueryRow(ctx, `select data_version from brands where id = 'demo'`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, sql := range []string{
		`update courses set name = name || '！' where id = (select min(id) from courses where brand_id = 'demo')`,
		`update course_schedules set capacity = capacity + 1 where id = (select min(id) from course_schedules where brand_id = 'demo')`,
		`update teachers set bio = bio || '。' where brand_id = 'demo' and name = '林語涵'`,
		`update course_categories set sort = sort + 1 where brand_id = 'demo' and name = '飛輪'`,
		`update term_schedules set intro = intro || '。' where brand_id = 'demo'`,
		`update term_classes set price = price + 1 where brand_id = 'demo'`,
		`update banners set title = title || '！' where id = (select min(id) from banners where brand_id = 'demo')`,
		`update salesmen set active = false where brand_id = 'demo' and code = 'S001'`,
		`update items set images = '{}' where brand_id = 'demo' and name = '季卡通行卡'`,
	} {
		before := version()
		if _, err := db.Pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		if after := version(); after <= before {
			t.Errorf("%s left data_version at %d", sql, after)
		}
	} // a booking's seat is not catalogue data: the booking panel reads
	// live seats through the API, and a booking never flushes the pages
	before := version()
	if _, err := db.Pool.Exec(ctx, `update course_schedules set booked = 0 where id = (select min(id) from course_schedules where brand_id = 'demo')`); err != nil {
		t.Fatal(err)
	}
	if after := version(); after != before {
		t.Errorf("a seat change bumped data_version from %d to %d", before, after)
	}
}

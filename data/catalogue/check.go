package catalogue

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	_ "image/jpeg" // the image formats the host resizes (host/images.go)
	_ "image/png"
	"io/fs"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"storefront"

	"storefront/rules"
)

// ImagePrefix is where imported images are served: /_static/catalogue/
// {brand}/{hash}/{name}, from the directory STOREFRONT_CATALOGUE_IMAGES
// (host/config/config.go); the host resizes them to WebP q70 under /_img/ like
// the demo's images.
const ImagePrefix = "/_static/catalogue/"

// image is an image file the catalogue names, to be stored at Rel under
// the images directory.
type imageFile struct {
	Rel  string
	Data []byte
}

var (
	idPattern   = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	fieldKey    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
	hexDigits   = regexp.MustCompile(`^[0-9A-Fa-f]+$`)
	postalCode  = regexp.MustCompile(`^(\d{3}|\d{5}|\d{6})$`)
	relDate     = regexp.MustCompile(`^([+-])(\d{1,4})d$`)
	relWeekDate = regexp.MustCompile(`^\+(\d{1,3})w([1-7])$`)
)

// check finds every problem of c that needs no database, and resolves it
// in place: relative dates become dates, image file names become their
// served paths. It returns the image files to store.
func check(c *Catalogue, dir fs.FS, today time.Time) ([]imageFile, Problems) {
	ck := checker{dir: dir, today: today, brand: c.Brand.ID, seen: map[string]string{}}
	ck.brand_(&c.Brand)
	stores := map[string]Store{}
	ids := map[string]bool{}
	for i := range c.Stores {
		s := &c.Stores[i]
		e := ck.id(storesFile, "門市", s.ID, i, ids)
		ck.required(storesFile, e, "shortName", s.ShortName)
		ck.required(storesFile, e, "name", s.Name)
		if s.PostalCode != "" && !postalCode.MatchString(s.PostalCode) {
			ck.probs.add(storesFile, e, "postalCode", "「%s」不是郵遞區號（須為 3、5 或 6 位數字）", s.PostalCode)
		}
		s.Image = ck.image(storesFile, e, "image", s.Image)
		stores[s.ID] = *s
	}
	teachers := map[string]bool{}
	for i := range c.Teachers {
		t := &c.Teachers[i]
		e := ck.id(teachersFile, "老師", t.ID, i, teachers)
		ck.required(teachersFile, e, "name", t.Name)
		t.Image = ck.image(teachersFile, e, "image", t.Image)
	}
	items := map[string]bool{}
	for i := range c.Items {
		ck.item(&c.Items[i], i, stores, items)
	}
	courses, courseIDs := map[string]Course{}, map[string]bool{}
	for i := range c.Courses {
		co := &c.Courses[i]
		ck.course(co, i, stores, teachers, courseIDs)
		courses[co.ID] = *co
	}
	terms := map[string]bool{}
	for i := range c.Terms {
		ck.term(&c.Terms[i], i, stores, courses, terms)
	}
	banners := map[string]bool{}
	for i := range c.Banners {
		b := &c.Banners[i]
		e := ck.id(bannersFile, "橫幅", b.ID, i, banners)
		ck.required(bannersFile, e, "title", b.Title)
		ck.required(bannersFile, e, "image", b.Image)
		b.Image = ck.image(bannersFile, e, "image", b.Image)
		if b.StartsOn != "" {
			b.StartsOn = ck.date(bannersFile, e, "startsOn", b.StartsOn)
		}
		if b.EndsOn != "" {
			b.EndsOn = ck.date(bannersFile, e, "endsOn", b.EndsOn)
		}
		if b.StartsOn != "" && b.EndsOn != "" && b.EndsOn < b.StartsOn {
			ck.probs.add(bannersFile, e, "endsOn", "不可早於 startsOn（%s）", b.StartsOn)
		}
	}
	salesmen, codes := map[string]bool{}, map[string]bool{}
	for i := range c.Salesmen {
		m := &c.Salesmen[i]
		e := ck.id(salesmenFile, "業務", m.ID, i, salesmen)
		ck.required(salesmenFile, e, "name", m.Name)
		ck.required(salesmenFile, e, "code", m.Code)
		if m.Code != "" && codes[m.Code] {
			ck.probs.add(salesmenFile, e, "code", "代碼「%s」與另一位業務重複", m.Code)
		}
		codes[m.Code] = true
		if _, ok := stores[m.Store]; m.Store != "" && !ok {
			ck.probs.add(salesmenFile, e, "store", "門市「%s」不在 stores.json 裡", m.Store)
		}
	}
	return ck.images, ck.probs
}

type checker struct {
	dir    fs.FS
	today  time.Time
	brand  string
	probs  Problems
	images []imageFile
	seen   map[string]string // image file name -> served path
}

// entry names an entry by its key, or by its position when it has none.
func (ck *checker) entry(file, kind, key string, i int) string {
	if key == "" {
		return fmt.Sprintf("第 %d 筆%s", i+1, kind)
	}
	return fmt.Sprintf("%s「%s」", kind, key)
}

// id checks an entry's operator id (a slug, unique among seen) and names
// the entry by it.
func (ck *checker) id(file, kind, id string, i int, seen map[string]bool) string {
	e := ck.entry(file, kind, id, i)
	switch {
	case id == "":
		ck.probs.add(file, e, "id", "不可空白（每一筆都要有自己的 id）")
	case !idPattern.MatchString(id):
		ck.probs.add(file, e, "id", "「%s」須為 1 到 64 個英數字、底線或連字號", id)
	case seen[id]:
		ck.probs.add(file, e, "id", "與另一筆重複")
	}
	seen[id] = true
	return e
}

func (ck *checker) required(file, entry, field, v string) {
	if strings.TrimSpace(v) == "" {
		ck.probs.add(file, entry, field, "不可空白")
	}
}

func (ck *checker) nonNegative(file, entry, field string, v int) {
	if v < 0 {
		ck.probs.add(file, entry, field, "不可小於 0（現為 %d）", v)
	}
}

func (ck *checker) brand_(b *Brand) {
	const f, e = brandFile, "品牌"
	if !idPattern.MatchString(b.ID) {
		ck.probs.add(f, e, "id", "「%s」須為 1 到 64 個英數字、底線或連字號", b.ID)
	}
	ck.required(f, e, "name", b.Name)
	if msg := checkColour(b.Colour); msg != "" {
		ck.probs.add(f, e, "webBaseBackgroundColor", "%s", msg)
	}
	if (b.IOSAppLink == "") != (b.AndroidAppLink == "") {
		ck.probs.add(f, e, "iosAppLink", "iOS 與 Android 的 App 連結須同時提供或同時留空")
	}
	b.AppLogo = ck.image(f, e, "appLogo", b.AppLogo)
	if c := b.Freeze; c != nil {
		if c.AbroadMonths < 1 || c.AbroadMonths > rules.MaxAbroadMonths {
			ck.probs.add(f, e, "freeze.abroadMonths", "須為 1 到 %d 個月（現為 %d）", rules.MaxAbroadMonths, c.AbroadMonths)
		}
		ck.nonNegative(f, e, "freeze.voluntaryMinDays", c.VoluntaryMinDays)
		if c.VoluntaryMaxDays < 0 || (c.VoluntaryMaxDays > 0 && c.VoluntaryMaxDays < c.VoluntaryMinDays) {
			ck.probs.add(f, e, "freeze.voluntaryMaxDays", "須為 0（不限）或不小於 voluntaryMinDays（現為 %d）", c.VoluntaryMaxDays)
		}
		if c.VoluntaryPerYear < 0 || c.VoluntaryPerYear > 12 {
			ck.probs.add(f, e, "freeze.voluntaryPerYear", "須為 0 到 12 次（現為 %d）", c.VoluntaryPerYear)
		}
	}
	if r := b.Reminder; r != nil {
		switch {
		case (r.Before == "") == (r.EveningBefore == ""):
			ck.probs.add(f, e, "reminder", "須擇一設定 before（課前多久）或 eveningBefore（前一晚幾點）")
		case r.Before != "" && r.minutes() > 7*24*60:
			ck.probs.add(f, e, "reminder.before", "不可超過 7 天（現為 %s）", r.Before)
		case r.Before != "":
			r.Before = reminderBefore(r.minutes()) // 120m is 2h: one way to say it
		}
	}
	hosts := map[string]bool{}
	for _, d := range b.Domains {
		de := fmt.Sprintf("網域「%s」", d.Host)
		if d.Host == "" || d.Host != strings.ToLower(d.Host) || strings.ContainsAny(d.Host, "/: ") {
			ck.probs.add(f, de, "domains.host", "須為小寫的主機名稱")
		}
		if hosts[d.Host] {
			ck.probs.add(f, de, "domains.host", "重複列出")
		}
		hosts[d.Host] = true
	}
	keys := map[string]bool{}
	for i, cf := range b.CustomFields {
		ce := ck.entry(f, "自訂欄位", cf.Key, i)
		if !fieldKey.MatchString(cf.Key) {
			ck.probs.add(f, ce, "customFields.key", "須以英文字母開頭，只含英數字與底線")
		}
		if keys[cf.Key] {
			ck.probs.add(f, ce, "customFields.key", "重複列出")
		}
		keys[cf.Key] = true
		ck.required(f, ce, "customFields.label", cf.Label)
		if cf.MaxLength != nil && *cf.MaxLength <= 0 {
			ck.probs.add(f, ce, "customFields.maxLength", "須大於 0")
		}
	}
}

// checkColour checks a colour as the brand settings carry it: "FF" (alpha)
// and 6 hex digits, or, as spec section 5 has it, a colour whose part
// after the first two characters has 3 or 6 hex digits; anything else is
// the spec's 'Bad Hex'.
func checkColour(c string) string {
	rest := ""
	if len(c) > 2 {
		rest = c[2:]
	}
	if hexDigits.MatchString(c) && (len(rest) == 3 || len(rest) == 6) {
		return ""
	}
	return fmt.Sprintf("Bad Hex：「%s」不是有效的顏色（格式如 FF1B8A7A：前兩碼之後須為 3 或 6 位十六進位數字）", c)
}

func (ck *checker) item(it *Item, i int, stores map[string]Store, seen map[string]bool) {
	f := itemsFile
	e := ck.id(f, "商品", it.ID, i, seen)
	ck.required(f, e, "name", it.Name)
	ck.nonNegative(f, e, "price", it.Price)
	if it.OriginalPrice != nil {
		ck.nonNegative(f, e, "originalPrice", *it.OriginalPrice)
	}
	if it.Quantity != nil && *it.Quantity <= 0 {
		ck.probs.add(f, e, "quantity", "須大於 0")
	}
	if it.Validity != nil {
		if it.Validity.Value <= 0 {
			ck.probs.add(f, e, "validity.value", "須大於 0")
		}
	}
	if it.AdminStartDate != "" {
		it.AdminStartDate = ck.date(f, e, "adminStartDate", it.AdminStartDate)
	}
	if it.SaleEnds != "" {
		it.SaleEnds = ck.date(f, e, "saleEnds", it.SaleEnds)
	}
	it.Image = ck.image(f, e, "image", it.Image)
	for j := range it.Images {
		it.Images[j] = ck.image(f, e, fmt.Sprintf("images[%d]", j), it.Images[j])
	}
	for _, s := range it.Stores {
		if _, ok := stores[s]; !ok {
			ck.probs.add(f, e, "stores", "門市「%s」不在 stores.json 裡", s)
		}
	}
}

func (ck *checker) course(c *Course, i int, stores map[string]Store, teachers, seen map[string]bool) {
	f := coursesFile
	e := ck.id(f, "課程", c.ID, i, seen)
	ck.required(f, e, "name", c.Name)
	store, ok := stores[c.Store]
	if !ok {
		ck.probs.add(f, e, "store", "門市「%s」不在 stores.json 裡", c.Store)
	}
	if c.Teacher != "" && !teachers[c.Teacher] {
		ck.probs.add(f, e, "teacher", "老師「%s」不在 teachers.json 裡", c.Teacher)
	}
	ck.nonNegative(f, e, "minPrice", c.MinPrice)
	ck.nonNegative(f, e, "maxPrice", c.MaxPrice)
	if c.MaxPrice < c.MinPrice {
		ck.probs.add(f, e, "maxPrice", "不可小於 minPrice（%d）", c.MinPrice)
	}
	b := c.Booking
	if b.OpensHours <= 0 {
		ck.probs.add(f, e, "booking.opensHours", "須大於 0")
	}
	ck.nonNegative(f, e, "booking.closesMinutes", b.ClosesMinutes)
	ck.nonNegative(f, e, "booking.cancelHours", b.CancelHours)
	if b.PointsCost != nil && *b.PointsCost <= 0 {
		ck.probs.add(f, e, "booking.pointsCost", "須大於 0")
	}
	if b.HoursCost != nil && *b.HoursCost <= 0 {
		ck.probs.add(f, e, "booking.hoursCost", "須大於 0")
	}
	c.Image = ck.image(f, e, "image", c.Image)
	hours := rules.ParseHours(store.OpeningHours)
	slots := map[string]bool{}
	for j := range c.Schedules {
		s := &c.Schedules[j]
		se := fmt.Sprintf("%s的第 %d 個時段（%s %s）", e, j+1, s.Date, s.Start)
		s.Date = ck.session(f, se, s.Date, s.Start, s.End, store, hours, slots)
		if s.Capacity <= 0 {
			ck.probs.add(f, se, "capacity", "須大於 0")
		}
		if s.Teacher != "" && !teachers[s.Teacher] {
			ck.probs.add(f, se, "teacher", "老師「%s」不在 teachers.json 裡", s.Teacher)
		}
	}
}

// session checks a dated session (a course's schedule or a term class's
// session): its date, its times, that it lies inside its store's opening
// hours of that weekday, and that no other session of the same course or
// class starts on the same day at the same time. It returns the resolved
// date.
func (ck *checker) session(f, se, date, start, end string, store Store, hours rules.WeekHours, slots map[string]bool) string {
	date = ck.date(f, se, "date", date)
	from, err1 := rules.Clock(start)
	to, err2 := rules.Clock(end)
	if err1 != nil {
		ck.probs.add(f, se, "start", "須為 HH:MM 的時間")
	}
	if err2 != nil {
		ck.probs.add(f, se, "end", "須為 HH:MM 的時間")
	}
	day, err3 := time.Parse(time.DateOnly, date)
	if err1 == nil && err2 == nil {
		if to <= from {
			ck.probs.add(f, se, "end", "須晚於開始時間 %s", start)
		} else if err3 == nil {
			if ok, closed := hours.Admits(day.Weekday(), from, to); closed {
				ck.probs.add(f, se, "date", "%s（%s）門市「%s」未營業（營業時間：%s）", date, storefront.TextWeekdays[day.Weekday()], store.ShortName, store.OpeningHours)
			} else if !ok {
				ck.probs.add(f, se, "start", "%s（%s）%s–%s 不在門市「%s」的營業時間（%s）內", date, storefront.TextWeekdays[day.Weekday()], start, end, store.ShortName, store.OpeningHours)
			}
		}
	}
	if slots[date+" "+start] {
		ck.probs.add(f, se, "start", "同一天同一時間重複列出")
	}
	slots[date+" "+start] = true
	return date
}

func (ck *checker) term(t *Term, i int, stores map[string]Store, courses map[string]Course, seen map[string]bool) {
	f := termsFile
	e := ck.id(f, "學期課程", t.ID, i, seen)
	ck.required(f, e, "name", t.Name)
	t.Image = ck.image(f, e, "image", t.Image)
	t.StartDate = ck.date(f, e, "startDate", t.StartDate)
	t.EndDate = ck.date(f, e, "endDate", t.EndDate)
	if t.EndDate < t.StartDate {
		ck.probs.add(f, e, "endDate", "不可早於 startDate（%s）", t.StartDate)
	}
	classes := map[string]bool{}
	for j := range t.Classes {
		tc := &t.Classes[j]
		ce := ck.id(f, e+"的班級", tc.ID, j, classes)
		ck.required(f, ce, "name", tc.Name)
		ck.nonNegative(f, ce, "price", tc.Price)
		if tc.Capacity <= 0 {
			ck.probs.add(f, ce, "capacity", "須大於 0")
		}
		co, ok := courses[tc.Course]
		if !ok {
			ck.probs.add(f, ce, "course", "課程「%s」不在 courses.json 裡", tc.Course)
		}
		store := stores[co.Store]
		hours := rules.ParseHours(store.OpeningHours)
		slots := map[string]bool{}
		for k := range tc.Sessions {
			s := &tc.Sessions[k]
			se := fmt.Sprintf("%s的第 %d 堂（%s %s）", ce, k+1, s.Date, s.Start)
			s.Date = ck.session(f, se, s.Date, s.Start, s.End, store, hours, slots)
			if s.Date < t.StartDate || s.Date > t.EndDate {
				ck.probs.add(f, se, "date", "不在學期 %s 至 %s 之間", t.StartDate, t.EndDate)
			}
		}
	}
}

// date resolves a date field: YYYY-MM-DD as is, "+Nd" and "-Nd" as today
// plus or minus N days, "+NwD" as weekday D of the week N weeks on.
func (ck *checker) date(file, entry, field, v string) string {
	if d, ok := resolveDate(v, ck.today); ok {
		return d
	}
	ck.probs.add(file, entry, field, "「%s」須為 YYYY-MM-DD 的日期，或相對於匯入日的 +14d、-7d、+2w3（兩週後那週的週三）", v)
	return v
}

// resolveDate resolves a date of the format against today (a Taipei day
// at midnight UTC); ok is false when v is none of the format's forms.
func resolveDate(v string, today time.Time) (string, bool) {
	if m := relDate.FindStringSubmatch(v); m != nil {
		n, _ := strconv.Atoi(m[2])
		if m[1] == "-" {
			n = -n
		}
		return today.AddDate(0, 0, n).Format(time.DateOnly), true
	}
	if m := relWeekDate.FindStringSubmatch(v); m != nil {
		n, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[2])
		monday := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7))
		return monday.AddDate(0, 0, 7*n+d-1).Format(time.DateOnly), true
	}
	_, err := time.Parse(time.DateOnly, v)
	return v, err == nil
}

// image resolves an image field. A file of the directory must be a JPEG
// or PNG image (not a symbolic link) and becomes its served path, named
// by its content so a changed image gets a new address. An absolute path
// must be one this storefront serves ("/_static/...", the demo's
// built-in images) and is kept as it is.
func (ck *checker) image(file, entry, field, v string) string {
	if v == "" {
		return v
	}
	if strings.HasPrefix(v, "/") {
		if !strings.HasPrefix(v, "/_static/") || path.Clean(v) != v {
			ck.probs.add(file, entry, field, "「%s」不是型錄目錄裡的檔案：圖片請寫目錄裡的相對路徑，如 images/room.png", v)
		}
		return v
	}
	if p, ok := ck.seen[v]; ok {
		return p
	}
	raw, err := readFile(ck.dir, v)
	if err != nil {
		ck.probs.add(file, entry, field, "%s", readProblem(v, err))
		return v
	}
	_, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || (format != "jpeg" && format != "png") {
		ck.probs.add(file, entry, field, "「%s」不是圖片（須為 JPEG 或 PNG）", v)
		return v
	}
	sum := sha256.Sum256(raw)
	rel := path.Join(ck.brand, hex.EncodeToString(sum[:8]), path.Base(v))
	ck.images = append(ck.images, imageFile{Rel: rel, Data: raw})
	p := ImagePrefix + rel
	ck.seen[v] = p
	return p
}

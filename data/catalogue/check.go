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
	"slices"
	"strconv"
	"strings"
	"time"

	"storefront/data"
)

// ImagePrefix is where imported images are served: /_static/catalogue/
// {brand}/{hash}/{name}, from the directory STOREFRONT_CATALOGUE_IMAGES
// (host/config.go); the host resizes them to WebP q70 under /_img/ like
// the demo's images.
const ImagePrefix = "/_static/catalogue/"

// image is an image file the catalogue names, to be stored at Rel under
// the images directory.
type imageFile struct {
	Rel  string
	Data []byte
}

var (
	idPattern    = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	fieldKey     = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
	hoursPattern = regexp.MustCompile(`(\d{1,2}:\d{2})\s*[–~-]\s*(\d{1,2}:\d{2})`)
	hexDigits    = regexp.MustCompile(`^[0-9A-Fa-f]+$`)
	relDate      = regexp.MustCompile(`^\+(\d{1,4})d$`)
)

var (
	itemTypes   = []string{"passcard", "countingPasscard", "point", "quantityPasscard"}
	activations = []string{"IMMEDIATELY", "BOOKING", "ATTEND", "CUSTOM", "ADMIN_CUSTOM"}
	units       = []string{"M", "W", "D", "Y"}
	fieldTypes  = []string{"text", "date", "choice", "phone", "email"}
	envs        = []string{"dev", "staging", "preprod", "production"}
)

// check finds every problem of c that needs no database, and resolves it
// in place: relative dates become dates after today, image file names
// become their served paths. It returns the image files to store.
func check(c *Catalogue, dir fs.FS, today time.Time) ([]imageFile, Problems) {
	ck := checker{dir: dir, today: today, brand: c.Brand.ID, seen: map[string]string{}}
	ck.brand_(&c.Brand)
	stores := map[string]Store{}
	for i := range c.Stores {
		s := &c.Stores[i]
		e := ck.entry(storesFile, "門市", s.ShortName, i)
		ck.required(storesFile, e, "shortName", s.ShortName)
		ck.required(storesFile, e, "name", s.Name)
		s.Image = ck.image(storesFile, e, "image", s.Image)
		if _, dup := stores[s.ShortName]; dup {
			ck.probs.add(storesFile, e, "shortName", "與另一間門市重複")
		}
		stores[s.ShortName] = *s
	}
	teachers := map[string]bool{}
	for i := range c.Teachers {
		t := &c.Teachers[i]
		e := ck.entry(teachersFile, "老師", t.Name, i)
		ck.required(teachersFile, e, "name", t.Name)
		t.Image = ck.image(teachersFile, e, "image", t.Image)
		if teachers[t.Name] {
			ck.probs.add(teachersFile, e, "name", "與另一位老師重複")
		}
		teachers[t.Name] = true
	}
	items := map[string]bool{}
	for i := range c.Items {
		ck.item(&c.Items[i], i, stores, items)
	}
	courses := map[string]bool{}
	for i := range c.Courses {
		ck.course(&c.Courses[i], i, stores, teachers, courses)
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

func (ck *checker) oneOf(file, entry, field, v string, allowed []string) {
	if !slices.Contains(allowed, v) {
		ck.probs.add(file, entry, field, "「%s」不是可用的值（可用：%s）", v, strings.Join(allowed, "、"))
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
	for _, m := range b.Modules {
		if !slices.Contains(data.AllModules, m) {
			ck.probs.add(f, e, "modules", "未知的模組「%s」", m)
		}
	}
	if (b.IOSAppLink == "") != (b.AndroidAppLink == "") {
		ck.probs.add(f, e, "iosAppLink", "iOS 與 Android 的 App 連結須同時提供或同時留空")
	}
	b.AppLogo = ck.image(f, e, "appLogo", b.AppLogo)
	hosts := map[string]bool{}
	for _, d := range b.Domains {
		de := fmt.Sprintf("網域「%s」", d.Host)
		if d.Host == "" || d.Host != strings.ToLower(d.Host) || strings.ContainsAny(d.Host, "/: ") {
			ck.probs.add(f, de, "domains.host", "須為小寫的主機名稱")
		}
		ck.oneOf(f, de, "domains.env", d.Env, envs)
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
		ck.oneOf(f, ce, "customFields.type", cf.Type, fieldTypes)
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
	e := ck.entry(f, "商品", it.Name, i)
	if it.Name != "" {
		e = fmt.Sprintf("商品「%s」（%s）", it.Name, it.Type)
	}
	ck.required(f, e, "name", it.Name)
	ck.oneOf(f, e, "type", it.Type, itemTypes)
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
		ck.oneOf(f, e, "validity.unit", it.Validity.Unit, units)
	}
	if it.Activation == "" {
		it.Activation = "IMMEDIATELY"
	}
	ck.oneOf(f, e, "activation", it.Activation, activations)
	if it.AdminStartDate != "" {
		it.AdminStartDate = ck.date(f, e, "adminStartDate", it.AdminStartDate)
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
	if k := it.Type + "\x00" + it.Name; seen[k] {
		ck.probs.add(f, e, "name", "與另一個同類商品重複")
	} else {
		seen[k] = true
	}
}

func (ck *checker) course(c *Course, i int, stores map[string]Store, teachers, seen map[string]bool) {
	f := coursesFile
	e := ck.entry(f, "課程", c.Name, i)
	if c.Name != "" {
		e = fmt.Sprintf("課程「%s」（%s）", c.Name, c.Store)
	}
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
	if k := c.Store + "\x00" + c.Name; seen[k] {
		ck.probs.add(f, e, "name", "與同門市的另一堂課程重複")
	} else {
		seen[k] = true
	}
	hours := openRanges(store.OpeningHours)
	slots := map[string]bool{}
	for j := range c.Schedules {
		s := &c.Schedules[j]
		se := fmt.Sprintf("%s的第 %d 個時段（%s %s）", e, j+1, s.Date, s.Start)
		s.Date = ck.date(f, se, "date", s.Date)
		start, err1 := clock(s.Start)
		end, err2 := clock(s.End)
		if err1 != nil {
			ck.probs.add(f, se, "start", "須為 HH:MM 的時間")
		}
		if err2 != nil {
			ck.probs.add(f, se, "end", "須為 HH:MM 的時間")
		}
		if err1 == nil && err2 == nil {
			if end <= start {
				ck.probs.add(f, se, "end", "須晚於開始時間 %s", s.Start)
			} else if len(hours) > 0 && !within(hours, start, end) {
				ck.probs.add(f, se, "start", "%s–%s 不在門市「%s」的營業時間（%s）內", s.Start, s.End, c.Store, store.OpeningHours)
			}
		}
		if s.Capacity <= 0 {
			ck.probs.add(f, se, "capacity", "須大於 0")
		}
		if s.Teacher != "" && !teachers[s.Teacher] {
			ck.probs.add(f, se, "teacher", "老師「%s」不在 teachers.json 裡", s.Teacher)
		}
		if slots[s.Date+s.Start] {
			ck.probs.add(f, se, "start", "同一天同一時間重複列出")
		}
		slots[s.Date+s.Start] = true
	}
}

// clock reads "HH:MM" as minutes after midnight.
func clock(s string) (int, error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, err
	}
	return t.Hour()*60 + t.Minute(), nil
}

// openRanges are the "HH:MM–HH:MM" ranges written in a store's opening
// hours, in minutes; none when it writes none (then any time fits).
func openRanges(text string) [][2]int {
	var out [][2]int
	for _, m := range hoursPattern.FindAllStringSubmatch(text, -1) {
		a, err1 := clock(m[1])
		b, err2 := clock(m[2])
		if err1 == nil && err2 == nil {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// within reports whether a session fits in one of the opening ranges. The
// ranges are not tied to weekdays: "週一至週五 07:00–22:00；週六 09:00–18:00"
// admits a session from 07:00 to 22:00 on any day.
func within(ranges [][2]int, start, end int) bool {
	for _, r := range ranges {
		if start >= r[0] && end <= r[1] {
			return true
		}
	}
	return false
}

// date resolves a date field: YYYY-MM-DD as is, "+Nd" as today + N days.
func (ck *checker) date(file, entry, field, v string) string {
	if m := relDate.FindStringSubmatch(v); m != nil {
		n, _ := strconv.Atoi(m[1])
		return ck.today.AddDate(0, 0, n).Format(time.DateOnly)
	}
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		ck.probs.add(file, entry, field, "「%s」須為 YYYY-MM-DD 的日期或 +N天 的寫法（如 +14d）", v)
	}
	return v
}

// image resolves an image field. An absolute path ("/_static/...") is kept
// as it is (the demo's built-in images); a file name in the directory must
// be a JPEG or PNG image and becomes its served path, named by its content
// so a changed image gets a new address.
func (ck *checker) image(file, entry, field, v string) string {
	if v == "" || strings.HasPrefix(v, "/") {
		return v
	}
	if p, ok := ck.seen[v]; ok {
		return p
	}
	raw, err := fs.ReadFile(ck.dir, v)
	if err != nil {
		ck.probs.add(file, entry, field, "找不到圖片檔「%s」", v)
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

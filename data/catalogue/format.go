// Package catalogue reads, checks, imports and exports a brand's catalogue
// as one directory of JSON files plus their images:
//
//	brand.json          the brand: name, colours, app links, modules, custom
//	                    domains and custom fields
//	stores.json         its stores
//	teachers.json       its teachers
//	items.json          its sellable items
//	courses.json        its courses, each with its booking rules and its
//	                    schedules (keyed by date + start)
//	termSchedules.json  its term schedules, each with its classes (a
//	                    course sold whole) and their sessions
//	banners.json        the banners of its home page
//	salesmen.json       the salesmen a buyer may name at checkout
//	images/             the image files the entries name ("images/logo.png")
//
// schema.json (beside this file, also written into every export) is the
// JSON Schema of these files, and Read's one source of their fields,
// required fields, types, allowed values and defaults. Every entry carries the operator's own "id"
// (a slug, unique per kind within the brand; a term class's within its
// term schedule), stored with its row: an import updates the row with
// the same id (renaming an entry keeps its row, and so what members hold
// or booked of it), adds what is new and takes off the shelf (or deletes,
// when nobody holds or booked it) what the files no longer list. Entries
// name each other by these ids (a course's store and teacher, an item's
// stores, a term class's course, a salesman's store).
//
// Dates are YYYY-MM-DD, or relative to the day of the import (Taipei), for
// demo directories that must never go stale: "+Nd" or "-Nd" (N days after
// or before it) and "+NwD" (ISO weekday D, 1 Monday .. 7 Sunday, of the
// week N weeks after the import's week: a weekly class keeps its weekday,
// and so its store's hours, whatever the day of the import). An export
// writes absolute dates, or with Relative set these relative forms.
package catalogue

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Schema is the JSON Schema of the format (schema.json).
//
//go:embed schema.json
var Schema []byte

// Catalogue is one brand's catalogue as the files hold it.
type Catalogue struct {
	Brand    Brand      `json:"brand"`
	Stores   []Store    `json:"stores"`
	Teachers []Teacher  `json:"teachers"`
	Items    []Item     `json:"items"`
	Courses  []Course   `json:"courses"`
	Terms    []Term     `json:"termSchedules"`
	Banners  []Banner   `json:"banners"`
	Salesmen []Salesman `json:"salesmen"`
}

// FreezeCaps are brand.json's "freeze": the brand's caps on membership
// freezes (rules.FreezeCaps). Absent: abroad up to six months, no
// voluntary freeze.
type FreezeCaps struct {
	AbroadMonths     int `json:"abroadMonths"`     // 1 to 6
	VoluntaryMinDays int `json:"voluntaryMinDays"` // a voluntary freeze's shortest span
	VoluntaryMaxDays int `json:"voluntaryMaxDays"` // and longest (0: no limit)
	VoluntaryPerYear int `json:"voluntaryPerYear"` // how many a calendar year (0: none offered)
}

// Suspension is brand.json's "suspension" (rules.StrikePolicy): Strikes
// late cancels or no-shows within WithinDays days suspend a member's
// online booking for Days days. Absent: no suspension.
type Suspension struct {
	Strikes    int `json:"strikes"`
	WithinDays int `json:"withinDays"`
	Days       int `json:"days"`
}

// Reminder is brand.json's "reminder" (rules.Reminder): Before the class
// ("2h", "90m") or the evening before at EveningBefore ("20:00"), one of
// the two. Absent: no reminders.
type Reminder struct {
	Before        string `json:"before,omitempty"`
	EveningBefore string `json:"eveningBefore,omitempty"`
}

// minutes is Before in minutes (0: none).
func (r Reminder) minutes() int {
	n, _ := strconv.Atoi(strings.TrimRight(r.Before, "hm"))
	if strings.HasSuffix(r.Before, "h") {
		n *= 60
	}
	return n
}

// reminderBefore is minutes as Before says it: whole hours in h.
func reminderBefore(minutes int) string {
	if minutes%60 == 0 {
		return strconv.Itoa(minutes/60) + "h"
	}
	return strconv.Itoa(minutes) + "m"
}

// defaultFreezeCaps are the caps of a brand.json without "freeze".
var defaultFreezeCaps = FreezeCaps{AbroadMonths: 6}

// Brand is brand.json.
type Brand struct {
	ID                        string        `json:"id"`
	Name                      string        `json:"name"`
	Description               string        `json:"description"`
	AppLogo                   string        `json:"appLogo"`
	Colour                    string        `json:"webBaseBackgroundColor"`
	IOSAppLink                string        `json:"iosAppLink"`
	AndroidAppLink            string        `json:"androidAppLink"`
	IsNewposStore             bool          `json:"isNewposStore"`
	BookingNeedsVerifiedEmail bool          `json:"bookingNeedsVerifiedEmail"`
	WebFont                   bool          `json:"webFont,omitempty"`
	JoinWithOtherBrandAccount bool          `json:"joinWithOtherBrandAccount,omitempty"`
	Freeze                    *FreezeCaps   `json:"freeze,omitempty"`
	Suspension                *Suspension   `json:"suspension,omitempty"`
	Reminder                  *Reminder     `json:"reminder,omitempty"`
	Modules                   []string      `json:"modules"`
	Domains                   []Domain      `json:"domains"`
	CustomFields              []CustomField `json:"customFields"`
}

// Domain is a custom domain of the brand in one environment.
type Domain struct {
	Host string `json:"host"`
	Env  string `json:"env"`
}

// CustomField is a member-profile field the brand asks for, keyed by Key.
type CustomField struct {
	Key       string   `json:"key"`
	Label     string   `json:"label"`
	Type      string   `json:"type"`
	Required  bool     `json:"required"`
	MaxLength *int     `json:"maxLength,omitempty"`
	Options   []string `json:"options"`
}

// Store is an entry of stores.json.
type Store struct {
	ID        string `json:"id"`
	ShortName string `json:"shortName"`
	Name      string `json:"name"`
	Address   string `json:"address"`
	// the address's parts: a Taiwanese postal code (3, 5 or 6 digits), the
	// region (city or county, 台北市) and locality (district, 信義區)
	PostalCode   string `json:"postalCode,omitempty"`
	Region       string `json:"region,omitempty"`
	Locality     string `json:"locality,omitempty"`
	Phone        string `json:"phone"`
	OpeningHours string `json:"openingHours"`
	MapURL       string `json:"mapUrl"`
	HasLinePay   bool   `json:"hasLinePay"`
	Image        string `json:"image"`
}

// Teacher is an entry of teachers.json.
type Teacher struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Title string `json:"title"`
	Bio   string `json:"bio"`
	Image string `json:"image"`
}

// Item is an entry of items.json; Stores are store ids.
type Item struct {
	ID             string    `json:"id"`
	Type           string    `json:"type"`
	Name           string    `json:"name"`
	Price          int       `json:"price"`
	OriginalPrice  *int      `json:"originalPrice,omitempty"`
	Description    string    `json:"description"`
	Quantity       *int      `json:"quantity,omitempty"`
	Validity       *Validity `json:"validity,omitempty"`
	Activation     string    `json:"activation"`
	AdminStartDate string    `json:"adminStartDate,omitempty"`
	SaleEnds       string    `json:"saleEnds,omitempty"` // the last day it is sold
	Image          string    `json:"image"`
	Images         []string  `json:"images"`
	Stores         []string  `json:"stores"`
	OnShelf        bool      `json:"onShelf"`
}

// Validity is how long a bought item stays valid.
type Validity struct {
	Value int    `json:"value"`
	Unit  string `json:"unit"`
}

// Course is an entry of courses.json; Store and Teacher are ids.
type Course struct {
	ID          string     `json:"id"`
	Store       string     `json:"store"`
	Name        string     `json:"name"`
	Category    string     `json:"category,omitempty"`
	Teacher     string     `json:"teacher,omitempty"`
	Summary     string     `json:"summary"`
	Description string     `json:"description"`
	Image       string     `json:"image"`
	MinPrice    int        `json:"minPrice"`
	MaxPrice    int        `json:"maxPrice"`
	TicketOnly  bool       `json:"ticketOnly"`
	Promoted    bool       `json:"promoted"`
	OnShelf     bool       `json:"onShelf"`
	Booking     Booking    `json:"booking"`
	Schedules   []Schedule `json:"schedules"`
}

// Booking is a course's booking rules (migration 006).
type Booking struct {
	OpensHours      int  `json:"opensHours"`
	ClosesMinutes   int  `json:"closesMinutes"`
	CancelHours     int  `json:"cancelHours"`
	PointsCost      *int `json:"pointsCost,omitempty"`
	HoursCost       *int `json:"hoursCost,omitempty"`
	CountAllowed    bool `json:"countAllowed"`
	PasscardAllowed bool `json:"passcardAllowed"`
	TimingAllowed   bool `json:"timingAllowed"`
	PrivateCoach    bool `json:"privateCoach"`
	// LateCancel and NoShow are the course's late-cancel and no-show
	// policy (rules.LateCancelRefused or LateCancelForfeit,
	// rules.NoShowIgnored or NoShowCounted).
	LateCancel string `json:"lateCancel"`
	NoShow     string `json:"noShow"`
}

// Schedule is one dated session of a course, keyed by Date and Start;
// Teacher is a teacher's id (none: the course's).
type Schedule struct {
	Date     string `json:"date"`
	Start    string `json:"start"`
	End      string `json:"end"`
	Capacity int    `json:"capacity"`
	Teacher  string `json:"teacher,omitempty"`
}

// Term is an entry of termSchedules.json: a period whose classes are
// sold whole.
type Term struct {
	ID        string      `json:"id"`
	Name      string      `json:"name"`
	Intro     string      `json:"intro"`
	Image     string      `json:"image"`
	StartDate string      `json:"startDate"`
	EndDate   string      `json:"endDate"`
	OnShelf   bool        `json:"onShelf"`
	Classes   []TermClass `json:"classes"`
}

// TermClass is a class of a term schedule: one course (its id) on fixed
// sessions, sold whole at Price with Capacity seats.
type TermClass struct {
	ID       string    `json:"id"`
	Course   string    `json:"course"`
	Name     string    `json:"name"`
	Intro    string    `json:"intro"`
	Price    int       `json:"price"`
	Capacity int       `json:"capacity"`
	Sessions []Session `json:"sessions"`
}

// Session is a dated session of a term class, keyed by Date and Start;
// its teacher is the course's, its capacity the class's.
type Session struct {
	Date  string `json:"date"`
	Start string `json:"start"`
	End   string `json:"end"`
}

// Banner is an entry of banners.json, shown on brand home between its
// optional dates.
type Banner struct {
	ID       string `json:"id"`
	Title    string `json:"title"`
	Image    string `json:"image"`
	Link     string `json:"link"`
	StartsOn string `json:"startsOn,omitempty"`
	EndsOn   string `json:"endsOn,omitempty"`
}

// Salesman is an entry of salesmen.json; Store is a store's id (none: any
// store).
type Salesman struct {
	ID     string `json:"id"`
	Store  string `json:"store,omitempty"`
	Name   string `json:"name"`
	Code   string `json:"code"`
	Active bool   `json:"active"`
}

// The files of a catalogue directory.
const (
	brandFile    = "brand.json"
	storesFile   = "stores.json"
	teachersFile = "teachers.json"
	itemsFile    = "items.json"
	coursesFile  = "courses.json"
	termsFile    = "termSchedules.json"
	bannersFile  = "banners.json"
	salesmenFile = "salesmen.json"
	schemaFile   = "schema.json"
)

// part is a file of the format, the kind of entry it holds and the part
// of a Catalogue it fills.
type part struct {
	file, kind string
	v          any
}

func (c *Catalogue) parts() []part {
	return []part{
		{brandFile, "品牌", &c.Brand}, {storesFile, "門市", &c.Stores}, {teachersFile, "老師", &c.Teachers},
		{itemsFile, "商品", &c.Items}, {coursesFile, "課程", &c.Courses}, {termsFile, "學期課程", &c.Terms},
		{bannersFile, "橫幅", &c.Banners}, {salesmenFile, "業務", &c.Salesmen},
	}
}

// Read reads the catalogue in dir. A missing file other than brand.json
// is an empty list. Every file is checked against schema.json (its
// fields, required fields, types and allowed values), whose defaults fill
// what a file leaves out. A file the format does not know is a problem,
// so a misnamed file cannot pass for a missing one.
func Read(dir fs.FS) (*Catalogue, Problems) {
	c := &Catalogue{}
	probs := unknownFiles(dir, c.parts())
	for _, p := range c.parts() {
		raw, err := readFile(dir, p.file)
		if errors.Is(err, fs.ErrNotExist) && p.file != brandFile {
			continue
		}
		if err != nil {
			probs.add(p.file, "", "", "%s", readProblem(p.file, err))
			continue
		}
		probs = append(probs, decode(p, raw)...)
	}
	return c, probs
}

// decode reads raw, the content of p's file, into p.v.
func decode(p part, raw []byte) Problems {
	var probs Problems
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")) // a byte-order mark (Windows Notepad)
	if bytes.HasPrefix(raw, []byte("\xff\xfe")) || bytes.HasPrefix(raw, []byte("\xfe\xff")) {
		probs.add(p.file, "", "", "檔案是 UTF-16（Unicode）編碼：請另存為 UTF-8")
		return probs
	}
	sh := &shaper{file: p.file, raw: raw, probs: &probs}
	if !utf8.Valid(raw) {
		bad := 0
		for r, n := utf8.DecodeRune(raw); r != utf8.RuneError || n != 1; r, n = utf8.DecodeRune(raw[bad:]) {
			bad += n
		}
		sh.add(bad, "", "", "檔案不是 UTF-8 編碼（可能是 Big5）：請另存為 UTF-8")
		return probs
	}
	root, serr := parse(raw)
	if serr != nil {
		sh.add(serr.off, "", "", "%s", serr.msg)
		return probs
	}
	if root.kind == 'n' {
		return nil
	}
	entry := p.kind
	if p.file != brandFile {
		sh.kind, entry = p.kind, ""
	}
	out := sh.shape(root, schemaDefs[strings.TrimSuffix(p.file, ".json")+"File"], entry, "")
	if len(probs) > 0 {
		return probs
	}
	plain, err := json.Marshal(out)
	if err == nil {
		err = json.Unmarshal(plain, p.v)
	}
	if err != nil {
		probs.add(p.file, "", "", "無法讀取：%v", err)
	}
	return probs
}

// errLink: a path of the directory is a symbolic link.
var errLink = errors.New("symbolic link")

// readFile reads name in dir, refusing a symbolic link anywhere on its
// path: an import publishes only what the directory itself holds.
func readFile(dir fs.FS, name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, fs.ErrInvalid
	}
	if l, ok := dir.(fs.ReadLinkFS); ok {
		for p := name; p != "."; p = path.Dir(p) {
			st, err := l.Lstat(p)
			if err != nil {
				return nil, err
			}
			if st.Mode()&fs.ModeSymlink != 0 {
				return nil, errLink
			}
		}
	}
	return fs.ReadFile(dir, name)
}

// readProblem says why name could not be read.
func readProblem(name string, err error) string {
	switch {
	case errors.Is(err, errLink):
		return fmt.Sprintf("「%s」是符號連結（捷徑）：型錄只讀目錄裡的檔案本身，請把檔案複製進來", name)
	case errors.Is(err, fs.ErrInvalid):
		return fmt.Sprintf("「%s」不是型錄目錄裡的路徑：請寫目錄裡的相對路徑，如 images/room.png", name)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("目錄裡找不到「%s」", name)
	}
	return fmt.Sprintf("無法讀取「%s」：%v", name, err)
}

// unknownFiles reports the files at the top of dir the format does not
// know: a misnamed course.json would otherwise read as no courses. Hidden
// files, folders and images are left alone; a symbolic link is refused.
func unknownFiles(dir fs.FS, parts []part) Problems {
	known := []string{schemaFile}
	for _, p := range parts {
		known = append(known, p.file)
	}
	entries, err := fs.ReadDir(dir, ".")
	if err != nil {
		return Problems{{Message: fmt.Sprintf("無法讀取目錄：%v", err)}}
	}
	var probs Problems
	for _, e := range entries {
		name := e.Name()
		ext := strings.ToLower(path.Ext(name))
		switch {
		case e.Type()&fs.ModeSymlink != 0 && !slices.Contains(known, name): // a known one is refused as it is read
			probs.add(name, "", "", "%s", readProblem(name, errLink))
			continue
		case e.IsDir() || strings.HasPrefix(name, ".") || slices.Contains(known, name) || ext == ".jpg" || ext == ".jpeg" || ext == ".png":
			continue
		}
		probs.add(name, "", "", "型錄不認得這個檔案%s。型錄目錄只放 %s 與圖片：請改名或移走這個檔案",
			didYouMean(name, known), strings.Join(known, "、"))
	}
	return probs
}

// Write writes c into dir (created if missing) as the format's files and
// the schema, indented for people.
func Write(dir string, c *Catalogue) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, p := range c.parts() {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false) // "&" in a link stays "&"
		enc.SetIndent("", "  ")
		if err := enc.Encode(p.v); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, p.file), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, schemaFile), Schema, 0o644)
}

// Problem is one error found in a catalogue directory: the file, the entry
// (its key) and the field it is about, in plain words.
type Problem struct {
	File      string
	Line, Col int // where in File, when known (from 1; Col counts characters)
	Entry     string
	Field     string
	Message   string
}

func (p Problem) String() string {
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(" 第 %d 行第 %d 個字", p.Line, p.Col)
	}
	if p.Entry != "" {
		s += "：" + p.Entry
	}
	if p.Field != "" {
		s += "：欄位 " + p.Field
	}
	return s + "：" + p.Message
}

// Problems are every problem found; an import writes nothing when there
// is any.
type Problems []Problem

func (ps *Problems) add(file, entry, field, format string, args ...any) {
	*ps = append(*ps, Problem{File: file, Entry: entry, Field: field, Message: fmt.Sprintf(format, args...)})
}

// Error lists the problems one a line.
func (ps Problems) Error() string {
	var b bytes.Buffer
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

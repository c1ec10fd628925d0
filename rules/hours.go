package rules

import (
	"regexp"
	"strings"
	"time"
)

// A store's opening hours: its free text read per weekday, which bounds
// the catalogue's sessions and gives the store's schema.org
// openingHoursSpecification.

// Clock reads "HH:MM" as minutes after midnight.
func Clock(s string) (int, error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, err
	}
	return t.Hour()*60 + t.Minute(), nil
}

// WeekHours are a store's opening hours as its free text writes them:
// the open ranges (minutes after midnight) of each weekday. A text that
// names no time bounds nothing (any time fits). A text that names
// weekdays ("週一至週五 07:00–22:00；週六 09:00–18:00；週日公休") opens only
// on the days it names; one that names none ("每日 06:30–21:30",
// "07:00–22:00") opens every day.
type WeekHours struct {
	any  bool
	days [7][][2]int // by time.Weekday
}

var (
	hoursSep     = regexp.MustCompile(`[；;，,。\n]`)
	hoursPattern = regexp.MustCompile(`(\d{1,2}:\d{2})\s*[–—~～-]\s*(\d{1,2}:\d{2})`)
	dayPattern   = regexp.MustCompile(`(?:週|周|星期|禮拜)([一二三四五六日天])(?:\s*[至到~～—–-]\s*(?:週|周|星期|禮拜)?([一二三四五六日天]))?`)
	dayNames     = map[string]time.Weekday{"日": time.Sunday, "天": time.Sunday, "一": time.Monday, "二": time.Tuesday,
		"三": time.Wednesday, "四": time.Thursday, "五": time.Friday, "六": time.Saturday}
)

// ParseHours reads a store's opening hours text.
func ParseHours(text string) WeekHours {
	var h WeekHours
	h.any = true
	for _, seg := range hoursSep.Split(text, -1) {
		var days []time.Weekday
		switch {
		case strings.Contains(seg, "每日") || strings.Contains(seg, "每天") || strings.Contains(seg, "全年"):
			days = []time.Weekday{0, 1, 2, 3, 4, 5, 6}
		case strings.Contains(seg, "平日"):
			days = []time.Weekday{1, 2, 3, 4, 5}
		case strings.Contains(seg, "假日") || strings.Contains(seg, "週末") || strings.Contains(seg, "周末"):
			days = []time.Weekday{6, 0}
		}
		for _, m := range dayPattern.FindAllStringSubmatch(seg, -1) {
			from := dayNames[m[1]]
			to := from
			if m[2] != "" {
				to = dayNames[m[2]]
			}
			for d := from; ; d = (d + 1) % 7 {
				days = append(days, d)
				if d == to {
					break
				}
			}
		}
		var ranges [][2]int
		for _, m := range hoursPattern.FindAllStringSubmatch(seg, -1) {
			a, err1 := Clock(m[1])
			b, err2 := Clock(m[2])
			if m[2] == "24:00" {
				b, err2 = 24*60, nil
			}
			if err1 == nil && err2 == nil {
				if b <= a { // past midnight
					b += 24 * 60
				}
				ranges = append(ranges, [2]int{a, b})
			}
		}
		if len(ranges) > 0 {
			h.any = false
		}
		if len(days) == 0 && len(ranges) > 0 {
			days = []time.Weekday{0, 1, 2, 3, 4, 5, 6}
		}
		for _, d := range days {
			h.days[d] = append(h.days[d], ranges...)
		}
	}
	return h
}

// Admits reports whether a session on weekday d from start to end
// (minutes after midnight) lies inside the hours; closed is whether the
// hours leave that day out altogether.
func (h WeekHours) Admits(d time.Weekday, start, end int) (ok, closed bool) {
	if h.any {
		return true, false
	}
	for _, r := range h.days[d] {
		if start >= r[0] && end <= r[1] {
			return true, false
		}
	}
	return false, len(h.days[d]) == 0
}

// Spec gives the hours as schema.org entries, one per distinct open range
// with the days (Monday first) it applies to, in the order the week meets
// them: "週一至週五 07:00–22:00；週六、週日 08:00–20:00" gives Monday to
// Friday 07:00–22:00 and Saturday, Sunday 08:00–20:00. A text that names
// no time gives none.
func (h WeekHours) Spec() []OpeningHours {
	hhmm := func(m int) string {
		m %= 24 * 60
		if m == 0 {
			return "23:59"
		}
		return time.Date(0, 1, 1, m/60, m%60, 0, 0, time.UTC).Format("15:04")
	}
	out := []OpeningHours{}
	at := map[[2]int]int{}
	for i := range 7 {
		d := time.Weekday((i + 1) % 7) // Monday first
		for _, r := range h.days[d] {
			n, seen := at[r]
			if !seen {
				n = len(out)
				at[r] = n
				out = append(out, OpeningHours{Opens: hhmm(r[0]), Closes: hhmm(r[1])})
				if r[0] == 0 {
					out[n].Opens = "00:00"
				}
			}
			if days := out[n].DayOfWeek; len(days) == 0 || days[len(days)-1] != schemaDays[d] {
				out[n].DayOfWeek = append(days, schemaDays[d])
			}
		}
	}
	return out
}

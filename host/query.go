package host

import (
	"net/url"
	"storefront"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"storefront/data"
)

// query reads and checks query values. The first bad value is kept as a
// 400 error with a message that says what is wrong; later reads return
// their defaults.
type query struct {
	v   url.Values
	err error
}

func newQuery(v url.Values) *query { return &query{v: v, err: checkValues(v)} }

func (q *query) fail(msg string) {
	if q.err == nil {
		q.err = badRequest(msg)
	}
}

// Err is the first bad value's error, or nil.
func (q *query) Err() error { return q.err }

// intIn reads an integer between lo and hi, def when absent.
func (q *query) intIn(name, label string, def, lo, hi int) int {
	s := strings.TrimSpace(q.v.Get(name))
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		q.fail(storefront.TextIntRange(label, lo, hi))
		return def
	}
	return n
}

// id reads an optional positive id, 0 when absent.
func (q *query) id(name, label string) int64 {
	s := strings.TrimSpace(q.v.Get(name))
	if s == "" {
		return 0
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > maxID {
		q.fail(storefront.TextBadValue(label))
		return 0
	}
	return n
}

// date reads an optional date YYYY-MM-DD, "" when absent.
func (q *query) date(name, label string) string {
	s := strings.TrimSpace(q.v.Get(name))
	if s == "" {
		return ""
	}
	if _, err := time.Parse("2006-01-02", s); err != nil {
		q.fail(storefront.TextBadDate(label))
		return ""
	}
	return s
}

// text reads an optional text of at most max characters.
func (q *query) text(name, label string, max int) string {
	s := strings.TrimSpace(q.v.Get(name))
	if utf8.RuneCountInString(s) > max {
		q.fail(storefront.TextTextTooLong(label, max))
		return ""
	}
	return s
}

// page reads pageNumber (default 1) and pageSize (default def, at most
// data.MaxPageSize).
func (q *query) page(def int) (number, size int) {
	number = q.intIn("pageNumber", storefront.TextLabelPageNumber, 1, 1, data.MaxPageNumber)
	size = q.intIn("pageSize", storefront.TextLabelPageSize, def, 1, data.MaxPageSize)
	return number, size
}

// dateRange reads startDate and endDate: each optional, start not after
// end, at most a year apart.
func (q *query) dateRange() (start, end string) {
	start = q.date("startDate", storefront.TextLabelStartDate)
	end = q.date("endDate", storefront.TextLabelEndDate)
	if start != "" && end != "" {
		a, _ := time.Parse("2006-01-02", start)
		b, _ := time.Parse("2006-01-02", end)
		switch {
		case b.Before(a):
			q.fail(storefront.TextDateRangeReversed)
		case b.Sub(a) > 366*24*time.Hour:
			q.fail(storefront.TextDateRangeTooLong)
		}
	}
	return start, end
}

// pathID reads a path parameter that must be a positive id; ok is false
// when it is not one (the page or call is then not found).
func pathID(s string) (int64, bool) {
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n > 0 && n <= maxID
}

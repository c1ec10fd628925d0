package booking

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// A booking in a calendar: an iCalendar file (RFC 5545) with one event
// whose UID stays the same for the booking's life, so a calendar updates
// the event it has (a cancelled booking's file carries METHOD:CANCEL and
// STATUS:CANCELLED), and a Google Calendar link. No maintained Go
// iCalendar writer is available to the project; one event needs only
// escaping and folding.

// Event is a booking as a calendar shows it.
type Event struct {
	UID         string
	Title       string
	Start, End  time.Time
	Location    string
	Description string
	URL         string
	Cancelled   bool
	Sequence    int // 0 booked, 1 cancelled: a calendar takes the later one
}

const icsStamp = "20060102T150405Z"

// icsText escapes a TEXT value (RFC 5545 3.3.11).
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`).Replace(s)
}

// fold splits a content line at 75 octets, never inside a UTF-8
// character (RFC 5545 3.1).
func fold(line string) string {
	var b strings.Builder
	n := 0
	for _, r := range line {
		l := utf8.RuneLen(r)
		if n+l > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteRune(r)
		n += l
	}
	return b.String()
}

// ICS is the event as an iCalendar file, stamped at now.
func ICS(e Event, now time.Time) []byte {
	method, status := "PUBLISH", "CONFIRMED"
	if e.Cancelled {
		method, status = "CANCEL", "CANCELLED"
	}
	lines := []string{
		"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//storefront//booking//ZH-TW", "CALSCALE:GREGORIAN", "METHOD:" + method,
		"BEGIN:VEVENT",
		"UID:" + e.UID,
		fmt.Sprintf("SEQUENCE:%d", e.Sequence),
		"DTSTAMP:" + now.UTC().Format(icsStamp),
		"DTSTART:" + e.Start.UTC().Format(icsStamp),
		"DTEND:" + e.End.UTC().Format(icsStamp),
		"SUMMARY:" + icsText(e.Title),
		"LOCATION:" + icsText(e.Location),
		"DESCRIPTION:" + icsText(e.Description),
		"STATUS:" + status,
	}
	if e.URL != "" {
		lines = append(lines, "URL:"+e.URL)
	}
	lines = append(lines, "END:VEVENT", "END:VCALENDAR")
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(fold(l))
		b.WriteString("\r\n")
	}
	return []byte(b.String())
}

// GoogleCalendarURL is the link that adds the event to Google Calendar.
func GoogleCalendarURL(e Event) string {
	q := url.Values{}
	q.Set("action", "TEMPLATE")
	q.Set("text", e.Title)
	q.Set("dates", e.Start.UTC().Format(icsStamp)+"/"+e.End.UTC().Format(icsStamp))
	q.Set("ctz", "Asia/Taipei")
	q.Set("location", e.Location)
	details := e.Description
	if e.URL != "" {
		details += "\n" + e.URL
	}
	q.Set("details", details)
	return "https://calendar.google.com/calendar/render?" + q.Encode()
}

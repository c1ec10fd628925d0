package host

import (
	"context"
	"fmt"
	"testing"
)

// TestStructuredDataAndSharing: structured data and sharing tags crawlers and share previews read.
func TestStructuredDataAndSharing(t *testing.T) {
	ts := newTestServer(t, withRealClock())
	ids := lookupIDs(t, ts)
	course := fmt.Sprintf("http://example.com/demo/activity/%d/%d", ids.courseStore, ids.course)
	// a page without a picture of its own shares the brand's logo, named
	logo := []string{
		`<meta property="og:image" content="http://example.com/_static/demo/logo-demo.svg"/>`,
		`<meta property="og:image:alt" content="森活運動館的標誌"/>`,
		`<meta name="twitter:image:alt" content="森活運動館的標誌"/>`,
	}
	// a page of no brand shares the storefront's own picture
	service := []string{
		`<meta property="og:image" content="http://example.com/og-image.png"/>`,
		`<meta property="og:image:alt" content="運動票券平台的標誌"/>`,
		`<meta name="twitter:image:alt" content="運動票券平台的標誌"/>`,
	}
	// a coming session of the course: its offer is valid from the moment its
	// booking opens (the course's booking_opens_hours before its start)
	var session int64
	var opens, starts string
	if err := ts.db.Pool.QueryRow(context.Background(), `
		select s.id,
		       to_char(s.date + s.start_time - make_interval(hours => c.booking_opens_hours), 'YYYY-MM-DD"T"HH24:MI:SS'),
		       to_char(s.date + s.start_time, 'YYYY-MM-DD"T"HH24:MI:SS')
		  from course_schedules s join courses c on c.id = s.course_id
		 where s.course_id = $1 and s.date + s.start_time > (now() at time zone 'Asia/Taipei') + interval '1 hour'
		 order by s.date, s.start_time, s.id limit 1`, ids.course).Scan(&session, &opens, &starts); err != nil {
		t.Fatal(err)
	}
	var contract int64
	if err := ts.db.Pool.QueryRow(context.Background(), `select id from contract_templates
		where brand_id = 'demo' and name = '會員入會契約'`).Scan(&contract); err != nil {
		t.Fatal(err)
	}
	// the demo's quarterly pass is sold until its sale ends
	var quarterly, monthly int64
	var saleEnds string
	if err := ts.db.Pool.QueryRow(context.Background(), `select id, sale_ends::text,
		(select id from items where brand_id = 'demo' and name = '單月暢遊通行卡') from items
		where brand_id = 'demo' and name = '季卡通行卡'`).Scan(&quarterly, &saleEnds, &monthly); err != nil {
		t.Fatal(err)
	}
	runScenarios(t, ts, []scenario{
		{Name: "activity list entries carry their names", Path: "/demo/activitys", Status: 200, Contains: []string{`{"@type":"ListItem","position":1,"name":"`}, Absent: []string{`"position":1,"url"`}},
		{Name: "term list entries carry their names", Path: "/demo/termSchedule", Status: 200, Contains: []string{`"@type":"ListItem","position":1,"name":"`}},
		{Name: "stores: a full postal address and opening hours in schema.org's form", Path: "/demo", Status: 200,
			Contains: []string{`"address":{"@type":"PostalAddress","streetAddress":"松仁路 100 號 5 樓","addressLocality":"信義區","addressRegion":"台北市","postalCode":"110","addressCountry":"TW"}`,
				`"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday","Wednesday","Thursday","Friday"],"opens":"07:00","closes":"22:00"},` +
					`{"@type":"OpeningHoursSpecification","dayOfWeek":["Saturday","Sunday"],"opens":"08:00","closes":"20:00"}]`}},
		{Name: "a store open every day (每日) has its hours for every day", Path: "/yoga", Status: 200,
			Contains: []string{`"postalCode":"106"`, `"openingHoursSpecification":[{"@type":"OpeningHoursSpecification","dayOfWeek":["Monday","Tuesday","Wednesday","Thursday","Friday","Saturday","Sunday"],"opens":"06:30","closes":"21:30"}]`}},
		{Name: "a product whose offer ends: priceValidUntil, image and brand", Path: fmt.Sprintf("/demo/passcard/%d", quarterly), Status: 200,
			Contains: []string{`"image":["http://example.com/_static/catalogue/demo/`, `/passcard.jpg"`, `"brand":{"@type":"Brand","name":"森活運動館"}`,
				`"priceValidUntil":"` + saleEnds + `"`}},
		{Name: "a product without an end has no priceValidUntil", Path: fmt.Sprintf("/demo/passcard/%d", monthly), Status: 200,
			Contains: []string{`"@type":"Product"`}, Absent: []string{`"priceValidUntil"`}},
		{Name: "each session's offer has its own url and ends when the session starts", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course), Status: 200,
			Contains: []string{`"url":"` + course + `#schedule-`, `"priceValidUntil":"20`, `id="schedule-`, `<meta name="twitter:image:alt" content="`}},
		{Name: "a session's offer is valid from when its booking opens", Path: fmt.Sprintf("/demo/activity/%d/%d", ids.courseStore, ids.course), Status: 200,
			Contains: []string{fmt.Sprintf(`"url":"%s#schedule-%d","validFrom":"%s+08:00","priceValidUntil":"%s+08:00"`, course, session, opens, starts)}},
		{Name: "term class: event status, organizer url, performer", Path: fmt.Sprintf("/demo/termSchedule/%d/%d", ids.term, ids.class), Status: 200,
			Contains: []string{`"eventStatus":"https://schema.org/EventScheduled"`, `"organizer":{"@type":"Organization","name":"森活運動館","url":"http://example.com/demo"}`, `"performer":{"@type":"Person","name":"`}},
		{Name: "search shares the brand logo", Path: "/demo/search/result", Status: 200, Contains: logo},
		{Name: "the error page shares the brand logo", Path: "/demo/nothing-here", Status: 404, Contains: logo},
		{Name: "the site index shares the storefront's own picture", Path: "/", Status: 200, Contains: service},
		{Name: "an unknown brand's 404 shares the storefront's own picture", Path: "/no-such-brand", Status: 404, Contains: service},
		{Name: "the storefront's own picture is a PNG", Path: "/og-image.png", Status: 200, WantHeader: []string{"Content-Type", "image/png"}},
		{Name: "the e-contract page shares the brand logo", Path: fmt.Sprintf("/demo/e-contract/%d/%d", ids.courseStore, contract), Status: 200, Contains: append(logo, `data-testid="e-contract"`, `data-testid="contract-text"`)},
	})
	// and a member's pages
	ms := newMemberServer(t, withRealClock())
	b := ms.browser()
	login(t, b, "demo", "member@example.com", "demo1234")
	runScenarios(t, b, []scenario{
		{Name: "the member centre shares the brand logo", Path: "/demo/user", Status: 200, Contains: logo},
		{Name: "booking records share the brand logo", Path: "/demo/bookingRecord/bookingRecordList", Status: 200, Contains: logo},
		{Name: "the e-contract page, logged in, shares the brand logo", Path: fmt.Sprintf("/demo/e-contract/%d/%d", ids.courseStore, contract), Status: 200,
			Contains: append(logo, `data-testid="e-contract"`)},
	})
}

package host

import (
	"net/http"
	"net/url"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
)

// The member's booking records: the API's list and the records page's
// loader read the same filter and page.

// bookingRecords reads the records' filter and page from a query and
// loads them.
func (s *Server) bookingRecords(r *http.Request, b *data.Brand, m *member, v url.Values) (*wire.BookingRecordsPage, error) {
	q := newQuery(v)
	f := data.BookingFilter{Status: v.Get("status")}
	switch f.Status {
	case "", data.BookingBooked, data.BookingCancelled, data.BookingAttended:
	default:
		q.fail(storefront.TextBookingStatuses)
	}
	f.StartDate, f.EndDate = q.dateRange()
	f.StoreID = q.id("storeId", storefront.TextLabelStore)
	n, size := q.page(20)
	if err := q.Err(); err != nil {
		return nil, err
	}
	p, err := s.db.BookingRecords(r.Context(), m.user.ID, f, n, size)
	if err != nil {
		return nil, err
	}
	out := &wire.BookingRecordsPage{Filter: f, Stores: b.Stores,
		Result: &data.Page[wire.BookingItem]{List: make([]wire.BookingItem, len(p.List)), Total: p.Total, PageNumber: n, PageSize: size}}
	for i, bk := range p.List {
		out.Result.List[i] = s.bookingItem(r, b, bk)
	}
	if out.Stores == nil {
		out.Stores = []data.Store{}
	}
	return out, nil
}

// GET /api/user/bookingList?brandId=&status=&startDate=&endDate=&storeId=
// &pageNumber=&pageSize=: the member's booking records, latest first.
func (s *Server) apiBookingList(w http.ResponseWriter, r *http.Request) (any, error) {
	b, m, err := s.queryMember(w, r)
	if err != nil {
		return nil, err
	}
	p, err := s.bookingRecords(r, b, m, r.URL.Query())
	if err != nil {
		return nil, err
	}
	return p.Result, nil
}

// loadBookingRecords is /bookingRecord/bookingRecordList: the member's
// booking history, filtered (status, startDate, endDate, storeId) and
// paged.
func loadBookingRecords(s *Server, rc *reqCtx) (any, error) {
	return s.bookingRecords(rc.r, rc.brand, rc.member, rc.r.URL.Query())
}

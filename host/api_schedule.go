package host

import (
	"net/http"
	"slices"
	"storefront"
	"strings"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The schedule calls of spec section 7: a course's, a store's or one
// session's coming sessions with their live seats, and the server's clock.
// They answer a visitor too.

// scheduleIDs reads one session (scheduleId) or several (scheduleIds, a
// list or comma-separated) of a query or body.
func scheduleIDs(one int64, many []int64) ([]int64, error) {
	ids := slices.Clone(many)
	if one != 0 {
		ids = append([]int64{one}, ids...)
	}
	if len(ids) == 0 {
		return nil, badRequest(storefront.TextNoScheduleID)
	}
	for _, id := range ids {
		if id <= 0 || id > maxID {
			return nil, badRequest(storefront.TextBadScheduleID)
		}
	}
	return ids, nil
}

// queryScheduleIDs reads scheduleId and scheduleIds (comma-separated).
func queryScheduleIDs(r *http.Request) ([]int64, error) {
	q := newQuery(r.URL.Query())
	one := q.id("scheduleId", storefront.TextLabelSchedule)
	var many []int64
	for _, p := range strings.Split(r.URL.Query().Get("scheduleIds"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			id, ok := pathID(p)
			if !ok {
				q.fail(storefront.TextBadScheduleIDs)
			}
			many = append(many, id)
		}
	}
	if err := q.Err(); err != nil {
		return nil, err
	}
	return scheduleIDs(one, many)
}

// GET /api/schedule: coming sessions of a course (courseId), a store or
// one session (scheduleId), within startDate..endDate, at most 120, each
// with its live seats and booking window and, for a logged-in member,
// their booking and waiting-list place. The course and term pages come
// from the anonymous page cache; their booking panel reads this.
func (s *Server) apiScheduleSeats(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, err
	}
	f, err := s.scheduleFilter(r)
	if err == nil && f.CourseID == 0 && f.StoreID == 0 && f.ScheduleID == 0 {
		err = badRequest(storefront.TextNoScheduleFilter)
	}
	if err != nil {
		return nil, err
	}
	list, err := s.db.Schedules(r.Context(), b.ID, f, data.MaxCourseSchedules)
	if err != nil {
		return nil, err
	}
	if !showsSeats(b) {
		rules.HideSeats(list)
	}
	ids := make([]int64, len(list))
	for i, sc := range list {
		ids[i] = sc.ScheduleID
	}
	var userID int64
	if sessionID(r) != "" {
		if m, _, err := s.memberOf(r, b); err == nil {
			userID = m.user.ID
		}
	}
	infos, err := s.db.Sessions(r.Context(), b.ID, ids)
	if err != nil {
		return nil, err
	}
	waiting, mine, err := s.db.SeatStates(r.Context(), ids, userID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]wire.ScheduleSeat, 0, len(list))
	for i, sc := range list {
		info := infos[slices.IndexFunc(infos, func(x data.SessionInfo) bool { return x.ScheduleID == ids[i] })]
		opens, closes := info.BookingWindow()
		seat := wire.ScheduleSeat{Schedule: sc, CourseName: info.CourseName, SeatsLeft: seatsLeft(b, info.SeatsLeft()), Full: info.SeatsLeft() == 0,
			WaitingCount: waiting[sc.ScheduleID], BookingOpensAt: opens, BookingClosesAt: closes,
			CancelDeadline: info.CancelDeadline(), PrivateCoach: info.PrivateCoach, LateCancel: info.LateCancel,
			NoShowCounted: info.NoShowCounted}
		seat.BookableNow = info.BookableAt(now) && !seat.Full
		if my, ok := mine[sc.ScheduleID]; ok {
			seat.MyBookingID, seat.MyBookingStatus, seat.MyWaitingPosition = my.BookingID, my.Status, my.WaitingPosition
		}
		out = append(out, seat)
	}
	return out, nil
}

// GET /api/schedule/timetable: the brand's sessions of one Taipei day
// (date, today by default, up to a week on) in time order, with their
// course, store, teacher and seats left, narrowed by storeId and
// categoryId: the timetable page's data.
func (s *Server) apiTimetable(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, routeTimetable)
	if err != nil {
		return nil, err
	}
	return s.timetable(r.Context(), b, r.URL.Query())
}

// GET /api/user/common/server-time: the server's clock.
func (s *Server) apiServerTime(w http.ResponseWriter, r *http.Request) (any, error) {
	return wire.ServerTime{Now: s.now(), TimeZone: "Asia/Taipei"}, nil
}

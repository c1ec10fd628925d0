package rules

import (
	"storefront"
	"testing"
)

func TestCheckShare(t *testing.T) {
	ok := Share{Points: 3, TicketType: "onlinePoint", Remain: 5, Today: day(t, "2026-11-23")}
	for _, c := range []struct {
		name string
		edit func(s *Share)
		code int // 0: the share may go
	}{
		{name: "three of five points", edit: func(*Share) {}},
		{name: "every point held", edit: func(s *Share) { s.Points = 5 }},
		{name: "a point ticket", edit: func(s *Share) { s.TicketType = "point" }},
		{name: "a coupon point ticket", edit: func(s *Share) { s.TicketType = "couponPoint" }},
		{name: "a ticket ending today", edit: func(s *Share) { s.Ends = day(t, "2026-11-23") }},
		{name: "a ticket ending later", edit: func(s *Share) { s.Ends = day(t, "2027-01-31") }},
		{name: "more than held", edit: func(s *Share) { s.Points = 6 }, code: storefront.CodeNotEnoughPoints},
		{name: "from an empty ticket", edit: func(s *Share) { s.Remain = 0 }, code: storefront.CodeNotEnoughPoints},
		{name: "no points", edit: func(s *Share) { s.Points = 0 }, code: storefront.CodeBadRequest},
		{name: "negative points", edit: func(s *Share) { s.Points = -1 }, code: storefront.CodeBadRequest},
		{name: "past the bound", edit: func(s *Share) { s.Points, s.Remain = MaxSharePoints+1, MaxSharePoints+1 }, code: storefront.CodeBadRequest},
		{name: "a private coach's points", edit: func(s *Share) { s.TicketType = "privatePoint" }, code: storefront.CodeNotFound},
		{name: "a count ticket", edit: func(s *Share) { s.TicketType = "count" }, code: storefront.CodeNotFound},
		{name: "a ticket ended yesterday", edit: func(s *Share) { s.Ends = day(t, "2026-11-22") }, code: storefront.CodeNotFound},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := ok
			c.edit(&s)
			err := CheckShare(s)
			if got := storefront.AsError(err); (c.code == 0) != (err == nil) || (err != nil && got.Code != c.code) {
				t.Fatalf("CheckShare(%+v) = %v; want code %d", s, err, c.code)
			}
		})
	}
}

func TestCheckRecipient(t *testing.T) {
	for _, c := range []struct {
		name     string
		from, to int64
		refused  bool
	}{
		{name: "another member", from: 1, to: 2},
		{name: "oneself", from: 1, to: 1, refused: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := CheckRecipient(c.from, c.to)
			if (err != nil) != c.refused || (err != nil && storefront.AsError(err).Message != storefront.TextShareToSelf) {
				t.Fatalf("CheckRecipient(%d, %d) = %v; want refused %v", c.from, c.to, err, c.refused)
			}
		})
	}
}

package host

import (
	"context"
	"net/http"
	"slices"

	"storefront"
	"storefront/data"
	"storefront/host/wire"
)

// The member centre's choice of how each kind of notification reaches
// the member (data.Tx.Notify uses it): LINE (offered only to a member who
// linked LINE, of a brand with a LINE Official Account; used only while
// they are its friend: else the answer says so, with the add-friend
// link), e-mail, or, for the class reminder only, nothing.

// notifyChoices is brand brandID's member userID's choices.
func (s *Server) notifyChoices(ctx context.Context, brandID string, userID int64) (*wire.NotifyChoices, error) {
	by, link, err := s.db.NotifyChoices(ctx, brandID, userID)
	if err != nil {
		return nil, err
	}
	ch, bot, err := s.lineBot(ctx, brandID)
	if err != nil {
		return nil, err
	}
	offered := link.Linked && bot
	out := &wire.NotifyChoices{LineOffered: offered, NotFriend: offered && link.NotFriend, Choices: []wire.NotifyChoice{}}
	if out.NotFriend {
		out.AddFriendURL = s.addFriendURL(ctx, ch)
	}
	for _, k := range data.NotifyKinds {
		ch := by[k]
		if ch == data.ChannelLine && !offered {
			ch = data.ChannelEmail // unlinked since, or no account: mailed
		}
		out.Choices = append(out.Choices, wire.NotifyChoice{Kind: k, Channel: ch, MayTurnOff: k == data.NotifyReminder})
	}
	return out, nil
}

// GET /api/user/notifyChoices?brandId=: the member's choices.
func (s *Server) apiNotifyChoices(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brand(r.Context(), r.URL.Query().Get("brandId"), nil)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	return s.notifyChoices(r.Context(), b.ID, m.user.ID)
}

// POST /api/user/notifyChoice {brandId, kind, channel}: sets how one kind
// reaches the member; answers every choice.
func (s *Server) apiNotifyChoice(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.NotifyChoiceRequest
	b, m, err := s.decodeMember(w, r, &req)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(data.NotifyKinds, req.Kind) || !slices.Contains([]string{data.ChannelLine, data.ChannelEmail, data.ChannelOff}, req.Channel) {
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: storefront.TextNotifyBadChoice}
	}
	if req.Channel == data.ChannelOff && req.Kind != data.NotifyReminder {
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeNotifyStaysOn}
	}
	if req.Channel == data.ChannelLine {
		now, err := s.notifyChoices(r.Context(), b.ID, m.user.ID)
		if err != nil {
			return nil, err
		}
		if !now.LineOffered {
			return nil, &storefront.Error{Kind: storefront.KindConflict, Code: storefront.CodeNotifyNeedsLine}
		}
	}
	if err := s.db.SetNotifyChoice(r.Context(), b.ID, m.user.ID, req.Kind, req.Channel); err != nil {
		return nil, err
	}
	return s.notifyChoices(r.Context(), b.ID, m.user.ID)
}

package wire

// The member's choice of channel per kind of notification
// (host/api_notify.go).

// NotifyChoice is one kind of notification and how the member receives
// it: by LINE, by e-mail, or not at all (MayTurnOff kinds only: the others
// are about their bookings and payments and stay on).
type NotifyChoice struct {
	Kind       string `json:"kind" tstype:"'booked' | 'cancelled' | 'promoted' | 'reminder' | 'payment_failed' | 'renewal'"`
	Channel    string `json:"channel" tstype:"'line' | 'email' | 'off'"`
	MayTurnOff bool   `json:"mayTurnOff"`
}

// NotifyChoices is GET /api/user/notifyChoices's answer: LineOffered says
// the member linked LINE and the brand has a LINE Official Account (LINE
// is offered only then); NotFriend, that the member is not a friend of
// that account (or blocked it), so LINE is not used until they add it,
// at AddFriendURL (LINE's add-friend link; "" when LINE did not tell the
// account's id); Choices, every kind in order.
type NotifyChoices struct {
	LineOffered  bool           `json:"lineOffered"`
	NotFriend    bool           `json:"notFriend"`
	AddFriendURL string         `json:"addFriendUrl,omitempty"`
	Choices      []NotifyChoice `json:"choices"`
}

// NotifyChoiceRequest is POST /api/user/notifyChoice's body.
type NotifyChoiceRequest struct {
	BrandRequest `tstype:",extends,required"`
	Kind         string `json:"kind"`
	Channel      string `json:"channel"`
}

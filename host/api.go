package host

import (
	"context"
	"net/http"
	"storefront"

	"storefront/booking"
	"storefront/data"
)

// apiFunc is a JSON API handler: it returns the answer's data or an error,
// and api writes the envelope (spec section 2b) or the error. A handler
// that sets cookies or headers still gets w; one that answers in a form of
// its own (the off-shelf body) returns a rawAnswer.
type apiFunc func(w http.ResponseWriter, r *http.Request) (any, error)

// rawAnswer is an answer outside the envelope: a status and a plain body.
type rawAnswer struct {
	Status int
	Body   string
}

// api adapts h to an http.Handler: the one place API answers are written.
func (s *Server) api(h apiFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := h(w, r)
		switch raw, isRaw := v.(rawAnswer); {
		case err != nil:
			s.apiError(w, r, err)
		case isRaw:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(raw.Status)
			w.Write([]byte(raw.Body))
		default:
			writeJSON(w, http.StatusOK, v)
		}
	}
}

// brand loads the brand id names and, when rt is not nil, checks that the
// route's guard lets its page be seen (a call answers 404 where its page
// would). It is the one brand loader of the API: the path's {brandId}, the
// query's brandId and a body's brandId all come through here.
func (s *Server) brand(ctx context.Context, id string, rt *route) (*data.Brand, error) {
	if id == "" {
		return nil, badRequest(storefront.TextNoBrandID)
	}
	b, err := s.loadBrand(ctx, id)
	if err != nil {
		return nil, err
	}
	if rt != nil && rt.Guard.decide(b.ModuleSet(), nil, "").NotFound {
		return nil, errNoPage
	}
	return b, nil
}

// brandOfRequest is brand for the id in the path ({brandId}) or, failing
// that, the query (brandId).
func (s *Server) brandOfRequest(r *http.Request, rt *route) (*data.Brand, error) {
	id := r.PathValue("brandId")
	if id == "" {
		id = r.URL.Query().Get("brandId")
	}
	return s.brand(r.Context(), id, rt)
}

// who is the member of a request as the booking flows take them.
func (s *Server) who(r *http.Request, b *data.Brand, m *member) booking.Who {
	return booking.Who{Brand: b, User: m.user, Shop: s.notifyBrand(r, b, m.user)}
}

// queryMember reads the brand of a GET call and its logged-in member.
func (s *Server) queryMember(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, error) {
	b, err := s.brandOfRequest(r, routeCourse)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

// maxKey bounds an Idempotency-Key.
const maxKey = 200

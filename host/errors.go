package host

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"storefront"

	"storefront/data"
	"storefront/host/wire"
	"storefront/renderer"
)

// failure is how an error is shown: HTTP status, code, message, and the
// request's field it is about.
type failure struct {
	Status  int
	Code    int
	Message string
	Field   string
}

// classify maps any error to its status, code and Traditional Chinese
// message, the one place that does. Internal errors are logged by callers.
func classify(err error) failure {
	if errors.Is(err, renderer.ErrBusy) {
		return failure{Status: http.StatusServiceUnavailable, Code: storefront.CodeUnavailable, Message: storefront.CodeText(storefront.CodeUnavailable)}
	}
	if data.Unreachable(err) { // the database is down: 503, try again soon
		return failure{Status: http.StatusServiceUnavailable, Code: storefront.CodeDatabaseDown, Message: storefront.CodeText(storefront.CodeDatabaseDown)}
	}
	e := storefront.AsError(err)
	f := failure{Code: e.Code, Message: e.Message, Field: e.Field}
	switch e.Kind {
	case storefront.KindInvalid:
		f.Status = http.StatusBadRequest
		if f.Code == 0 {
			f.Code = storefront.CodeBadRequest
		}
	case storefront.KindUnauthorized:
		f.Status = http.StatusUnauthorized
	case storefront.KindForbidden:
		f.Status = http.StatusForbidden
		if f.Code == 0 {
			f.Code = storefront.CodeForbidden
		}
	case storefront.KindNotFound:
		f.Status = http.StatusNotFound
		if f.Code == 0 {
			f.Code = storefront.CodeNotFound
		}
	case storefront.KindConflict:
		f.Status = http.StatusConflict
	case storefront.KindTooMany:
		f.Status = http.StatusTooManyRequests
	case storefront.KindUnavailable:
		f.Status = http.StatusServiceUnavailable
		if f.Code == 0 {
			f.Code = storefront.CodeUnavailable
		}
	default:
		f.Status = http.StatusInternalServerError
		f.Code = storefront.CodeInternal
		f.Message = "" // never show an internal error's text
		f.Field = ""
	}
	if f.Message == "" {
		f.Message = storefront.CodeText(f.Code)
	}
	return f
}

// writeJSON writes v in the envelope with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(wire.Envelope{Data: v})
}

// apiError answers err in the envelope, logging internal errors.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	f := classify(err)
	if f.Status >= 500 && !clientGone(r) {
		s.log.Error("api", "method", r.Method, "path", logPath(r), "request_id", requestIDOf(r), "err", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	retryAfter(w, f)
	w.WriteHeader(f.Status)
	json.NewEncoder(w).Encode(wire.Envelope{ErrorCode: f.Code, Message: f.Message, Field: f.Field})
}

// documentError answers a crawler's document (robots.txt, a sitemap) that
// failed with err: its status and text, so a database outage is a 503 with
// Retry-After (a crawler comes back) and never a 404 or 500 (that drop the
// sitemap); internal errors are logged.
func (s *Server) documentError(w http.ResponseWriter, r *http.Request, err error) {
	f := classify(err)
	if f.Status >= 500 && !clientGone(r) {
		s.log.Error("document", "path", logPath(r), "request_id", requestIDOf(r), "err", err)
	}
	w.Header().Set("Cache-Control", "no-store")
	retryAfter(w, f)
	http.Error(w, f.Message, f.Status)
}

// clientGone reports whether the client went away before its answer (its
// request's context is canceled): what failed then, a query cut short,
// is not the server's error, and logging it would bury the real ones (a
// load generator that stops leaves a few hundred).
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

// badRequest is an invalid-input error with a message for the visitor.
func badRequest(msg string) error {
	return &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Message: msg}
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.apiError(w, r, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeNotFound, Message: storefront.TextAPINotFound})
}

// retryAfter tells a client answered 503 when to try again: soon after an
// overload, a little later while the database is down.
func retryAfter(w http.ResponseWriter, f failure) {
	switch {
	case f.Code == storefront.CodeDatabaseDown:
		w.Header().Set("Retry-After", "5")
	case f.Status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "1")
	}
}

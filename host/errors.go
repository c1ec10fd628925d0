package host

import (
	"encoding/json"
	"errors"
	"net/http"

	"storefront/data"
	"storefront/renderer"
)

// envelope is every JSON answer: errorCode 0 and data on success, the
// catalogue code and its message on failure.
type envelope struct {
	ErrorCode int    `json:"errorCode"`
	Message   string `json:"message"`
	Data      any    `json:"data"`
}

// failure is how an error is shown: HTTP status, code, message.
type failure struct {
	Status  int
	Code    int
	Message string
}

// classify maps any error to its status, code and Traditional Chinese
// message, the one place that does. Internal errors are logged by callers.
func classify(err error) failure {
	if errors.Is(err, renderer.ErrBusy) {
		return failure{http.StatusServiceUnavailable, data.CodeUnavailable, data.Message(data.CodeUnavailable)}
	}
	if data.Unreachable(err) { // the database is down: 503, try again soon
		return failure{http.StatusServiceUnavailable, data.CodeDatabaseDown, data.Message(data.CodeDatabaseDown)}
	}
	e := data.AsError(err)
	f := failure{Code: e.Code, Message: e.Message}
	switch e.Kind {
	case data.KindInvalid:
		f.Status = http.StatusBadRequest
		if f.Code == 0 {
			f.Code = data.CodeBadRequest
		}
	case data.KindUnauthorized:
		f.Status = http.StatusUnauthorized
	case data.KindForbidden:
		f.Status = http.StatusForbidden
		if f.Code == 0 {
			f.Code = data.CodeForbidden
		}
	case data.KindNotFound:
		f.Status = http.StatusNotFound
		if f.Code == 0 {
			f.Code = data.CodeNotFound
		}
	case data.KindConflict:
		f.Status = http.StatusConflict
	case data.KindTooMany:
		f.Status = http.StatusTooManyRequests
	case data.KindUnavailable:
		f.Status = http.StatusServiceUnavailable
		if f.Code == 0 {
			f.Code = data.CodeUnavailable
		}
	default:
		f.Status = http.StatusInternalServerError
		f.Code = data.CodeInternal
		f.Message = "" // never show an internal error's text
	}
	if f.Message == "" {
		f.Message = data.Message(f.Code)
	}
	return f
}

// writeJSON writes v in the envelope with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(envelope{Data: v})
}

// apiError answers err in the envelope, logging internal errors.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	f := classify(err)
	if f.Status >= 500 {
		s.log.Error("api", "method", r.Method, "path", r.URL.Path, "request_id", requestIDOf(r), "err", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	retryAfter(w, f)
	w.WriteHeader(f.Status)
	json.NewEncoder(w).Encode(envelope{ErrorCode: f.Code, Message: f.Message})
}

// badRequest is an invalid-input error with a message for the visitor.
func badRequest(msg string) error {
	return &data.Error{Kind: data.KindInvalid, Code: data.CodeBadRequest, Message: msg}
}

func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	s.apiError(w, r, &data.Error{Kind: data.KindNotFound, Code: data.CodeNotFound, Message: "找不到此 API"})
}

// retryAfter tells a client answered 503 when to try again: soon after an
// overload, a little later while the database is down.
func retryAfter(w http.ResponseWriter, f failure) {
	switch {
	case f.Code == data.CodeDatabaseDown:
		w.Header().Set("Retry-After", "5")
	case f.Status == http.StatusServiceUnavailable:
		w.Header().Set("Retry-After", "1")
	}
}

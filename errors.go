package storefront

// Package storefront is the domain kernel: the one error type, the error
// codes (codes.go) and every Traditional Chinese text Go sends (texts.go).
// Every other package may import it; it imports nothing of the project.
import (
	"database/sql"
	"errors"
	"fmt"
)

// Kind says what class of failure an Error is; host maps it to an HTTP status.
type Kind string

// Kinds of failure.
const (
	KindInvalid      Kind = "invalid"      // bad input: 400
	KindUnauthorized Kind = "unauthorized" // no or bad session: 401
	KindForbidden    Kind = "forbidden"    // not allowed: 403
	KindNotFound     Kind = "not_found"    // 404
	KindConflict     Kind = "conflict"     // 409
	KindTooMany      Kind = "too_many"     // 429
	KindUnavailable  Kind = "unavailable"  // a dependency is down: 503
	KindInternal     Kind = "internal"     // our fault: 500
)

// Error is the one error type of the application. Code is the spec's error
// catalogue code (section 8) or one of ours (codes.go), 0 when the
// failure has none. Message is the Traditional Chinese text for the
// visitor; when empty, host fills it from the catalogue (CodeText).
// Field names the request's field the failure is about (its JSON name,
// "customFields.phone" for a custom field), "" when it belongs to none, so
// a form shows the message at that field.
type Error struct {
	Kind    Kind
	Code    int
	Message string
	Field   string
	Err     error // the cause, logged, never shown
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s %d: %s: %v", e.Kind, e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s %d: %s", e.Kind, e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an Error of the given kind and code with a visitor message.
func Errorf(kind Kind, code int, format string, args ...any) *Error {
	return &Error{Kind: kind, Code: code, Message: fmt.Sprintf(format, args...)}
}

// ModuleClosed refuses a feature (TextFeature...) the brand has not
// switched on: 403, code CodeForbidden, "此品牌未開放" and the feature.
func ModuleClosed(feature string) *Error {
	return &Error{Kind: KindForbidden, Code: CodeForbidden, Message: TextModuleClosed(feature)}
}

// AsError returns err as an *Error, mapping pgx's no-rows to not-found,
// constraint violations to conflict or invalid, and anything else to
// internal.
func AsError(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if errors.Is(err, sql.ErrNoRows) { // pgx.ErrNoRows is sql.ErrNoRows
		return &Error{Kind: KindNotFound, Err: err}
	}
	var pg sqlStater // pgconn.PgError, without importing the driver here
	if errors.As(err, &pg) {
		switch pg.SQLState() {
		case "23505": // unique_violation
			return &Error{Kind: KindConflict, Err: err}
		case "23503", "23514", "22001", "22P02", "22007", "22008": // fk, check, too long, bad text, bad datetime
			return &Error{Kind: KindInvalid, Err: err}
		}
	}
	return &Error{Kind: KindInternal, Err: err}
}

// ErrorKind returns the kind of err, KindInternal for a foreign error.
func ErrorKind(err error) Kind { return AsError(err).Kind }

// sqlStater is what a PostgreSQL error tells: its SQLSTATE code.
type sqlStater interface{ SQLState() string }

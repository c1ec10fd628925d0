package host

import "strings"

// urlUserInfo is the user-information part of a URL ("user:password"), found
// even in a URL that does not parse; "" when it has none.
func urlUserInfo(raw string) string {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		rest = raw
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	at := strings.LastIndex(rest, "@")
	if at < 0 {
		return ""
	}
	return rest[:at]
}

// redactURL hides a URL's user information: "redis://:pw@host:6379:x/0"
// becomes "redis://xxxxx@host:6379:x/0".
func redactURL(raw string) string {
	ui := urlUserInfo(raw)
	if ui == "" {
		return raw
	}
	return strings.Replace(raw, ui+"@", "xxxxx@", 1)
}

// scrubURL removes a URL's user information, and its password alone, from
// a message that may quote them (url.Parse's errors quote the URL).
func scrubURL(msg, raw string) string {
	ui := urlUserInfo(raw)
	if ui == "" {
		return msg
	}
	msg = strings.ReplaceAll(msg, ui, "xxxxx")
	if _, pw, ok := strings.Cut(ui, ":"); ok && pw != "" {
		msg = strings.ReplaceAll(msg, pw, "xxxxx")
	}
	return msg
}

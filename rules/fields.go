package rules

import (
	"errors"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"storefront"
)

// Field types of a brand's custom-field schema.
const (
	FieldText   = "text"
	FieldDate   = "date"
	FieldChoice = "choice"
	FieldPhone  = "phone"
	FieldEmail  = "email"
)

// DefaultTextMax is the longest a text field may be when the schema sets
// no maximum.
const DefaultTextMax = 100

// FieldRule is what a custom field asks of its value.
type FieldRule struct {
	Label     string
	Type      string
	Required  bool
	MaxLength int
	Options   []string
}

// CheckField validates value against f and returns it as stored: trimmed,
// a phone as digits only, an e-mail in lower case, a date as YYYY-MM-DD. An
// empty optional value is "". The error's text is for the member:
//
//	{phone} "0912-345-678"     -> "0912345678"
//	{phone} "+886 912 345 678" -> "0912345678"
//	{phone} "(02) 2720-1234"   -> "0227201234"
//	{date} "2026-02-30"        -> error 生日不是有效的日期
//	{choice 男/女} "其他"       -> error 性別的選項不正確
func CheckField(f FieldRule, value string) (string, error) {
	v := strings.TrimSpace(value)
	if v == "" {
		if f.Required {
			return "", errors.New(storefront.TextRequired(f.Label))
		}
		return "", nil
	}
	switch f.Type {
	case FieldText:
		max := f.MaxLength
		if max <= 0 {
			max = DefaultTextMax
		}
		if err := checkText(f.Label, max, v); err != nil {
			return "", err
		}
		return v, nil
	case FieldDate:
		d, ok := Date(v)
		if !ok {
			return "", errors.New(storefront.TextNotADate(f.Label))
		}
		return d, nil
	case FieldChoice:
		for _, o := range f.Options {
			if v == o {
				return v, nil
			}
		}
		return "", errors.New(storefront.TextBadChoice(f.Label))
	case FieldPhone:
		p, ok := TaiwanPhone(v)
		if !ok {
			return "", errors.New(storefront.TextBadFormat(f.Label))
		}
		return p, nil
	case FieldEmail:
		e, ok := Email(v)
		if !ok {
			return "", errors.New(storefront.TextBadFormat(f.Label))
		}
		return e, nil
	}
	return "", errors.New(storefront.TextUnknownField(f.Label))
}

// misleading is a character no typed text may hold: a control character
// (CR, LF, tab, NUL, ...), a line or paragraph separator (U+2028, U+2029)
// or a bidirectional formatting character (U+202A-U+202E embeddings and
// overrides, U+2066-U+2069 isolates, U+200E, U+200F, U+061C marks), which
// would make the text read otherwise than it is stored.
func misleading(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Bidi_Control)
}

// checkText is the rule of every text a member types (v already
// trimmed): at most max characters, none of them misleading.
func checkText(label string, max int, v string) error {
	if utf8.RuneCountInString(v) > max {
		return errors.New(storefront.TextTooLong(label, max))
	}
	if strings.IndexFunc(v, misleading) >= 0 {
		return errors.New(storefront.TextMisleading(label))
	}
	return nil
}

// Date parses YYYY-MM-DD (a real calendar day between 1900 and 2100).
func Date(s string) (string, bool) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil || t.Year() < 1900 || t.Year() > 2100 {
		return "", false
	}
	return t.Format("2006-01-02"), true
}

var (
	phoneSeparators = strings.NewReplacer(" ", "", "-", "", "(", "", ")", "", ".", "")
	// mobile 09 and 8 digits; landline 0 + area code 2-8 + 7 or 8 digits
	// (02-2720-1234, 037-123456, 089-123456, 0826-12345, 049-2345678)
	taiwanMobile   = regexp.MustCompile(`^09[0-9]{8}$`)
	taiwanLandline = regexp.MustCompile(`^0[2-8][0-9]{7,8}$`)
)

// TaiwanPhone checks a phone number in Taiwan's formats (mobile or
// landline, with spaces, dashes, dots or brackets, optionally +886 in place
// of the leading 0) and returns its digits with the leading 0.
func TaiwanPhone(s string) (string, bool) {
	d := phoneSeparators.Replace(strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(d, "+886"):
		d = "0" + strings.TrimPrefix(strings.TrimPrefix(d, "+886"), "0")
	case strings.HasPrefix(d, "886") && len(d) >= 11:
		d = "0" + strings.TrimPrefix(d, "886")
	}
	if taiwanMobile.MatchString(d) || taiwanLandline.MatchString(d) {
		return d, true
	}
	return "", false
}

var emailShape = regexp.MustCompile(`^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$`)

// Email checks an e-mail address (a bare address, at most 254 characters,
// with a dotted domain) and returns it in lower case.
func Email(s string) (string, bool) {
	e := strings.ToLower(strings.TrimSpace(s))
	if len(e) > 254 || !emailShape.MatchString(e) {
		return "", false
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || a.Name != "" {
		return "", false
	}
	return e, true
}

// PasswordDigest checks the password as the client sends it: the MD5 of
// the password in hex (spec section 5), 32 hex digits, returned in lower
// case.
func PasswordDigest(s string) (string, bool) {
	if len(s) != 32 || strings.Trim(strings.ToLower(s), "0123456789abcdef") != "" {
		return "", false
	}
	return strings.ToLower(s), true
}

// MaxName is the longest a person's name may be.
const MaxName = 50

// Name checks a person's name typed in the field label (a member's name,
// a contract's signer, an account holder): trimmed, 1 to max characters,
// no line break, control or bidirectional formatting character. The
// error's text is for the member:
//
//	("姓名", 50, " 王小明 ")        -> "王小明"
//	("姓名", 50, " ")              -> error 請填寫姓名
//	("簽署人姓名", 50, "王\n小明")   -> error 簽署人姓名不可包含換行、控制字元或文字方向控制字元
//	("姓名", 50, "\u202e明小王")    -> error 姓名不可包含換行、控制字元或文字方向控制字元
func Name(label string, max int, s string) (string, error) {
	n := strings.TrimSpace(s)
	if n == "" {
		return "", errors.New(storefront.TextRequired(label))
	}
	if err := checkText(label, max, n); err != nil {
		return "", err
	}
	return n, nil
}

// MemberName checks a member's name (Name, labelled 姓名).
func MemberName(s string) (string, error) {
	return Name(storefront.TextMemberName, MaxName, s)
}

// Truncate cuts s to n characters, marking the cut with an ellipsis (for
// quoting a visitor's input in a message).
func Truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// MaskName hides a member's name from another member: its first and last
// characters kept, one ○ between (a name of one character keeps it).
//
//	王小明 -> 王○明
//	王明   -> 王○
//	Amy Lee -> A○e
func MaskName(s string) string {
	r := []rune(strings.TrimSpace(s))
	switch len(r) {
	case 0, 1:
		return string(r)
	case 2:
		return string(r[0]) + "○"
	}
	return string(r[0]) + "○" + string(r[len(r)-1])
}

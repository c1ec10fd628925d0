package rules

import (
	"strings"
	"testing"
)

func TestCheckField(t *testing.T) {
	phone := FieldRule{Label: "手機號碼", Type: FieldPhone, Required: true}
	date := FieldRule{Label: "生日", Type: FieldDate, Required: true}
	choice := FieldRule{Label: "性別", Type: FieldChoice, Options: []string{"男", "女", "不透露"}}
	text := FieldRule{Label: "緊急聯絡人", Type: FieldText, MaxLength: 5}
	longText := FieldRule{Label: "備註", Type: FieldText}
	email := FieldRule{Label: "公司信箱", Type: FieldEmail}
	cases := []struct {
		name  string
		rule  FieldRule
		value string
		want  string
		err   string
	}{
		{name: "required missing", rule: phone, value: "  ", want: "", err: "請填寫手機號碼"},
		{name: "optional missing", rule: choice, value: "", want: "", err: ""},
		{name: "mobile plain", rule: phone, value: "0912345678", want: "0912345678", err: ""},
		{name: "mobile dashes", rule: phone, value: "0912-345-678", want: "0912345678", err: ""},
		{name: "mobile spaces", rule: phone, value: "0912 345 678", want: "0912345678", err: ""},
		{name: "mobile +886", rule: phone, value: "+886 912 345 678", want: "0912345678", err: ""},
		{name: "mobile +886 with 0", rule: phone, value: "+886-0912-345-678", want: "0912345678", err: ""},
		{name: "mobile 886", rule: phone, value: "886912345678", want: "0912345678", err: ""},
		{name: "landline taipei", rule: phone, value: "(02) 2720-1234", want: "0227201234", err: ""},
		{name: "landline hsinchu", rule: phone, value: "03-550-5678", want: "035505678", err: ""},
		{name: "landline taitung", rule: phone, value: "089-123456", want: "089123456", err: ""},
		{name: "mobile too short", rule: phone, value: "091234567", want: "", err: "手機號碼格式不正確"},
		{name: "mobile too long", rule: phone, value: "09123456789", want: "", err: "手機號碼格式不正確"},
		{name: "not a taiwan number", rule: phone, value: "+1 415 555 0100", want: "", err: "手機號碼格式不正確"},
		{name: "letters", rule: phone, value: "09abc45678", want: "", err: "手機號碼格式不正確"},
		{name: "no leading zero", rule: phone, value: "912345678", want: "", err: "手機號碼格式不正確"},
		{name: "date", rule: date, value: "1990-05-17", want: "1990-05-17", err: ""},
		{name: "date leap day", rule: date, value: "2024-02-29", want: "2024-02-29", err: ""},
		{name: "date not a day", rule: date, value: "2026-02-30", want: "", err: "生日不是有效的日期"},
		{name: "date other format", rule: date, value: "1990/05/17", want: "", err: "生日不是有效的日期"},
		{name: "date too old", rule: date, value: "1800-01-01", want: "", err: "生日不是有效的日期"},
		{name: "choice", rule: choice, value: "女", want: "女", err: ""},
		{name: "choice not offered", rule: choice, value: "其他", want: "", err: "性別的選項不正確"},
		{name: "text within length", rule: text, value: " 王小明 ", want: "王小明", err: ""},
		{name: "text counts characters not bytes", rule: text, value: "王小明王小", want: "王小明王小", err: ""},
		{name: "text too long", rule: text, value: "王小明王小明", want: "", err: "緊急聯絡人最多 5 個字"},
		{name: "text default maximum", rule: longText, value: strings.Repeat("字", 101), want: "", err: "備註最多 100 個字"},
		{name: "text control character", rule: text, value: "a\x00b", want: "", err: "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
		{name: "text line feed", rule: text, value: "王\n小明", want: "", err: "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
		{name: "text right-to-left override", rule: text, value: "王\u202e明小", want: "", err: "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
		{name: "email", rule: email, value: " Amy@Example.COM ", want: "amy@example.com", err: ""},
		{name: "email no domain dot", rule: email, value: "amy@localhost", want: "", err: "公司信箱格式不正確"},
		{name: "email with name", rule: email, value: "Amy <amy@example.com>", want: "", err: "公司信箱格式不正確"},
		{name: "email two ats", rule: email, value: "a@b@example.com", want: "", err: "公司信箱格式不正確"},
		{name: "unknown type", rule: FieldRule{Label: "X", Type: "file"}, value: "x", want: "", err: "X的欄位類型不支援"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CheckField(c.rule, c.value)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if got != c.want || msg != c.err {
				t.Fatalf("CheckField(%q) = %q, %q; want %q, %q", c.value, got, msg, c.want, c.err)
			}
		})
	}
}

func TestPasswordDigestAndName(t *testing.T) {
	if d, ok := PasswordDigest("5F4DCC3B5AA765D61D8327DEB882CF99"); !ok || d != "5f4dcc3b5aa765d61d8327deb882cf99" {
		t.Errorf("an MD5 hex was refused: %q %v", d, ok)
	}
	for _, bad := range []string{"", "password", "5f4dcc3b5aa765d61d8327deb882cf9", "5f4dcc3b5aa765d61d8327deb882cf9g"} {
		if _, ok := PasswordDigest(bad); ok {
			t.Errorf("PasswordDigest(%q) accepted", bad)
		}
	}
}

// TestName: every name field's one rule refuses what would make a name
// read otherwise than it is stored.
func TestName(t *testing.T) {
	const unsafe = "姓名不可包含換行、控制字元或文字方向控制字元"
	cases := []struct{ name, in, want, err string }{
		{name: "trimmed", in: "  王小明 ", want: "王小明", err: ""},
		{name: "latin with a space", in: "Amy Lee", want: "Amy Lee", err: ""},
		{name: "fifty characters", in: strings.Repeat("名", 50), want: strings.Repeat("名", 50), err: ""},
		{name: "empty", in: "", want: "", err: "請填寫姓名"},
		{name: "spaces only", in: " \u3000 ", want: "", err: "請填寫姓名"},
		{name: "too long", in: strings.Repeat("名", 51), want: "", err: "姓名最多 50 個字"},
		{name: "line feed", in: "王小明\n林小安", want: "", err: unsafe},
		{name: "carriage return", in: "王小明\r林小安", want: "", err: unsafe},
		{name: "tab", in: "王\t小明", want: "", err: unsafe},
		{name: "NUL", in: "王\x00小明", want: "", err: unsafe},
		{name: "C1 control (NEL)", in: "王\u0085小明", want: "", err: unsafe},
		{name: "line separator", in: "王\u2028小明", want: "", err: unsafe},
		{name: "paragraph separator", in: "王\u2029小明", want: "", err: unsafe},
		{name: "right-to-left override", in: "\u202e明小王", want: "", err: unsafe},
		{name: "left-to-right override", in: "王\u202d小明", want: "", err: unsafe},
		{name: "right-to-left embedding", in: "王\u202b小明", want: "", err: unsafe},
		{name: "pop directional formatting", in: "王小明\u202c", want: "", err: unsafe},
		{name: "right-to-left isolate", in: "王\u2067小明\u2069", want: "", err: unsafe},
		{name: "first strong isolate", in: "王\u2068小明", want: "", err: unsafe},
		{name: "right-to-left mark", in: "王\u200f小明", want: "", err: unsafe},
		{name: "left-to-right mark", in: "王\u200e小明", want: "", err: unsafe},
		{name: "Arabic letter mark", in: "王\u061c小明", want: "", err: unsafe},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := MemberName(c.in)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			if got != c.want || msg != c.err {
				t.Fatalf("MemberName(%q) = %q, %q; want %q, %q", c.in, got, msg, c.want, c.err)
			}
		})
	}
	if _, err := Name("簽署人姓名", MaxName, "某\n某人"); err == nil || err.Error() != "簽署人姓名不可包含換行、控制字元或文字方向控制字元" {
		t.Errorf("a signer's name with a line feed: %v", err)
	}
}

func TestMaskName(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{name: "three characters", in: "王小明", want: "王○明"},
		{name: "two characters", in: "王明", want: "王○"},
		{name: "one character", in: "明", want: "明"},
		{name: "empty", in: "", want: ""},
		{name: "latin", in: "Amy Lee", want: "A○e"},
		{name: "spaces around", in: "  陳大文 ", want: "陳○文"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := MaskName(c.in); got != c.want {
				t.Errorf("MaskName(%q) = %q; want %q", c.in, got, c.want)
			}
		})
	}
}

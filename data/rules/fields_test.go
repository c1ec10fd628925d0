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
		{"required missing", phone, "  ", "", "請填寫手機號碼"},
		{"optional missing", choice, "", "", ""},
		{"mobile plain", phone, "0912345678", "0912345678", ""},
		{"mobile dashes", phone, "0912-345-678", "0912345678", ""},
		{"mobile spaces", phone, "0912 345 678", "0912345678", ""},
		{"mobile +886", phone, "+886 912 345 678", "0912345678", ""},
		{"mobile +886 with 0", phone, "+886-0912-345-678", "0912345678", ""},
		{"mobile 886", phone, "886912345678", "0912345678", ""},
		{"landline taipei", phone, "(02) 2720-1234", "0227201234", ""},
		{"landline hsinchu", phone, "03-550-5678", "035505678", ""},
		{"landline taitung", phone, "089-123456", "089123456", ""},
		{"mobile too short", phone, "091234567", "", "手機號碼格式不正確"},
		{"mobile too long", phone, "09123456789", "", "手機號碼格式不正確"},
		{"not a taiwan number", phone, "+1 415 555 0100", "", "手機號碼格式不正確"},
		{"letters", phone, "09abc45678", "", "手機號碼格式不正確"},
		{"no leading zero", phone, "912345678", "", "手機號碼格式不正確"},
		{"date", date, "1990-05-17", "1990-05-17", ""},
		{"date leap day", date, "2024-02-29", "2024-02-29", ""},
		{"date not a day", date, "2026-02-30", "", "生日不是有效的日期"},
		{"date other format", date, "1990/05/17", "", "生日不是有效的日期"},
		{"date too old", date, "1800-01-01", "", "生日不是有效的日期"},
		{"choice", choice, "女", "女", ""},
		{"choice not offered", choice, "其他", "", "性別的選項不正確"},
		{"text within length", text, " 王小明 ", "王小明", ""},
		{"text counts characters not bytes", text, "王小明王小", "王小明王小", ""},
		{"text too long", text, "王小明王小明", "", "緊急聯絡人最多 5 個字"},
		{"text default maximum", longText, strings.Repeat("字", 101), "", "備註最多 100 個字"},
		{"text control character", text, "a\x00b", "", "緊急聯絡人含有無效的字元"},
		{"email", email, " Amy@Example.COM ", "amy@example.com", ""},
		{"email no domain dot", email, "amy@localhost", "", "公司信箱格式不正確"},
		{"email with name", email, "Amy <amy@example.com>", "", "公司信箱格式不正確"},
		{"email two ats", email, "a@b@example.com", "", "公司信箱格式不正確"},
		{"unknown type", FieldRule{Label: "X", Type: "file"}, "x", "", "X的欄位類型不支援"},
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
	if n, err := MemberName("  王小明 "); err != nil || n != "王小明" {
		t.Errorf("MemberName = %q, %v", n, err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("名", 51), "a\nb"} {
		if _, err := MemberName(bad); err == nil {
			t.Errorf("MemberName(%q) accepted", bad)
		}
	}
}

func TestMaskName(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"three characters", "王小明", "王○明"},
		{"two characters", "王明", "王○"},
		{"one character", "明", "明"},
		{"empty", "", ""},
		{"latin", "Amy Lee", "A○e"},
		{"spaces around", "  陳大文 ", "陳○文"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := MaskName(c.in); got != c.want {
				t.Errorf("MaskName(%q) = %q; want %q", c.in, got, c.want)
			}
		})
	}
}

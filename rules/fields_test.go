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
		{"text control character", text, "a\x00b", "", "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
		{"text line feed", text, "王\n小明", "", "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
		{"text right-to-left override", text, "王\u202e明小", "", "緊急聯絡人不可包含換行、控制字元或文字方向控制字元"},
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
}

// TestName: every name field's one rule refuses what would make a name
// read otherwise than it is stored.
func TestName(t *testing.T) {
	const unsafe = "姓名不可包含換行、控制字元或文字方向控制字元"
	cases := []struct{ name, in, want, err string }{
		{"trimmed", "  王小明 ", "王小明", ""},
		{"latin with a space", "Amy Lee", "Amy Lee", ""},
		{"fifty characters", strings.Repeat("名", 50), strings.Repeat("名", 50), ""},
		{"empty", "", "", "請填寫姓名"},
		{"spaces only", " \u3000 ", "", "請填寫姓名"},
		{"too long", strings.Repeat("名", 51), "", "姓名最多 50 個字"},
		{"line feed", "王小明\n林小安", "", unsafe},
		{"carriage return", "王小明\r林小安", "", unsafe},
		{"tab", "王\t小明", "", unsafe},
		{"NUL", "王\x00小明", "", unsafe},
		{"C1 control (NEL)", "王\u0085小明", "", unsafe},
		{"line separator", "王\u2028小明", "", unsafe},
		{"paragraph separator", "王\u2029小明", "", unsafe},
		{"right-to-left override", "\u202e明小王", "", unsafe},
		{"left-to-right override", "王\u202d小明", "", unsafe},
		{"right-to-left embedding", "王\u202b小明", "", unsafe},
		{"pop directional formatting", "王小明\u202c", "", unsafe},
		{"right-to-left isolate", "王\u2067小明\u2069", "", unsafe},
		{"first strong isolate", "王\u2068小明", "", unsafe},
		{"right-to-left mark", "王\u200f小明", "", unsafe},
		{"left-to-right mark", "王\u200e小明", "", unsafe},
		{"Arabic letter mark", "王\u061c小明", "", unsafe},
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

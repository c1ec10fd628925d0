package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	testHashKey = "S3cretHashKey0123456789abcdefXYZ" // 32 characters
	testHashIV  = "S3cretIV01234567"                 // 16 characters
)

func runBrand(t *testing.T, getenv func(string) string, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := brandCommand(context.Background(), args, getenv, strings.NewReader(stdin), &out, &errOut)
	return out.String() + errOut.String(), err
}

// TestBrandCredentialsCommand: an operator sets, lists and deletes a
// brand's own merchant account; the row holds it sealed; no output, error
// or row shows a secret; without the key the command refuses.
func TestBrandCredentialsCommand(t *testing.T) {
	db, base := catalogueEnv(t)
	if _, err := db.Pool.Exec(context.Background(), `insert into brands (id, name) values ('demo', 'Demo')`); err != nil {
		t.Fatal(err)
	}
	key := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{3}, 32))
	env := map[string]string{"DATABASE_URL": base("DATABASE_URL"), "STOREFRONT_CREDENTIALS_KEY": key}
	getenv := func(k string) string { return env[k] }
	file := filepath.Join(t.TempDir(), "newebpay.env")
	os.WriteFile(file, []byte("NEWEBPAY_MERCHANT_ID=MS350001\nNEWEBPAY_HASH_KEY="+testHashKey+"\nNEWEBPAY_HASH_IV="+testHashIV+"\nNEWEBPAY_URL=https://ccore.newebpay.com\n"), 0o600)
	secret := func(name, out string, err error) {
		t.Helper()
		all := out
		if err != nil {
			all += err.Error()
		}
		for _, s := range []string{testHashKey, testHashIV, "line-S3cret"} {
			if strings.Contains(all, s) {
				t.Errorf("%s shows a secret:\n%s", name, all)
			}
		}
	}

	out, err := runBrand(t, getenv, "", "credentials", "set", "demo", "newebpay", "--from-file", file)
	secret("set", out, err)
	if err != nil || !strings.Contains(out, "newebpay credentials set (merchant MS350001)") {
		t.Fatalf("set: %v\n%s", err, out)
	}
	out, err = runBrand(t, getenv, "LINEPAY_CHANNEL_ID=1655000001\nLINEPAY_CHANNEL_SECRET=line-S3cret\nLINEPAY_URL=https://sandbox-api-pay.line.me\n",
		"credentials", "set", "demo", "linepay", "--from-file", "-")
	secret("set from stdin", out, err)
	if err != nil {
		t.Fatalf("set from stdin: %v\n%s", err, out)
	}
	out, err = runBrand(t, getenv, "LINE_LOGIN_CHANNEL_ID=2001234567\nLINE_LOGIN_CHANNEL_SECRET=line-S3cret\nLINE_LOGIN_URL=https://access.line.me\n",
		"credentials", "set", "demo", "line", "--from-file", "-")
	secret("set the LINE Login channel", out, err)
	if err != nil || !strings.Contains(out, "line credentials set (merchant 2001234567)") {
		t.Fatalf("set the LINE Login channel: %v\n%s", err, out)
	}
	out, err = runBrand(t, getenv, "LINE_BOT_CHANNEL_ID=2001234568\nLINE_BOT_ACCESS_TOKEN=line-S3cret\nLINE_BOT_CHANNEL_SECRET=line-S3cret-2\nLINE_BOT_URL=https://api.line.me\n",
		"credentials", "set", "demo", "linebot", "--from-file", "-")
	secret("set the LINE Messaging API channel", out, err)
	if err != nil || !strings.Contains(out, "linebot credentials set (merchant 2001234568)") {
		t.Fatalf("set the LINE Messaging API channel: %v\n%s", err, out)
	}
	var sealed []byte
	if err := db.Pool.QueryRow(context.Background(), `select sealed from brand_credentials where brand_id = 'demo' and kind = 'newebpay'`).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(sealed, []byte(testHashKey)) || bytes.Contains(sealed, []byte(testHashIV)) {
		t.Fatal("the row holds the secrets in clear")
	}
	out, err = runBrand(t, getenv, "", "credentials", "list", "demo")
	secret("list", out, err)
	if err != nil || !strings.Contains(out, "newebpay  MS350001") || !strings.Contains(out, "linepay   1655000001") {
		t.Fatalf("list: %v\n%s", err, out)
	}

	// a file with a secret of the wrong length: refused, the secret unsaid
	os.WriteFile(file, []byte("NEWEBPAY_MERCHANT_ID=MS350002\nNEWEBPAY_HASH_KEY="+testHashKey+"x\nNEWEBPAY_HASH_IV="+testHashIV+"\nNEWEBPAY_URL=https://ccore.newebpay.com\n"), 0o600)
	out, err = runBrand(t, getenv, "", "credentials", "set", "demo", "newebpay", "--from-file", file)
	secret("a bad file", out, err)
	if err == nil || !strings.Contains(err.Error(), "want 32 and 16 characters") {
		t.Fatalf("bad file: %v", err)
	}
	if _, err := runBrand(t, getenv, "", "credentials", "list", "nosuch"); err == nil || err.Error() != `no brand "nosuch"` {
		t.Errorf("list of an unknown brand: %v", err)
	}
	linepay := "LINEPAY_CHANNEL_ID=1655000002\nLINEPAY_CHANNEL_SECRET=line-S3cret\nLINEPAY_URL=https://api-pay.line.me\n"
	if out, err := runBrand(t, getenv, linepay, "credentials", "set", "nosuch", "linepay", "--from-file", "-"); err == nil || !strings.Contains(err.Error(), `no brand "nosuch"`) {
		t.Errorf("set for an unknown brand: %v %s", err, out)
	}
	for name, args := range map[string][]string{
		"unknown kind": {"credentials", "set", "demo", "newebpay_period", "--from-file", file},
		"no file":      {"credentials", "set", "demo", "newebpay"},
		"list a kind":  {"credentials", "list", "demo", "newebpay"},
	} {
		if _, err := runBrand(t, getenv, "", args...); err == nil {
			t.Errorf("%s: taken", name)
		}
	}

	out, err = runBrand(t, getenv, "", "credentials", "delete", "demo", "linepay")
	if err != nil || !strings.Contains(out, "linepay credentials deleted") {
		t.Fatalf("delete: %v\n%s", err, out)
	}
	if _, err := runBrand(t, getenv, "", "credentials", "delete", "demo", "linepay"); err == nil {
		t.Error("deleting again: no error")
	}
	if out, _ := runBrand(t, getenv, "", "credentials", "list", "demo"); strings.Contains(out, "linepay") || !strings.Contains(out, "MS350001") {
		t.Errorf("after delete:\n%s", out)
	}

	delete(env, "STOREFRONT_CREDENTIALS_KEY")
	if _, err := runBrand(t, getenv, "", "credentials", "list", "demo"); err == nil || !strings.Contains(err.Error(), "STOREFRONT_CREDENTIALS_KEY") {
		t.Errorf("without the key: %v", err)
	}
}

package providers

import (
	"bufio"
	"bytes"
	"fmt"
	"net/url"
	"slices"
	"strings"
)

// A brand's merchant accounts at the payment providers. Each kind of
// account is read from the same names, whether they are the environment's
// variables (the platform's accounts, host/config) or the lines of a
// brand's credentials file (`storefront brand credentials set`).

// The kinds of merchant account. NewebPay's MPG (card) and periodic
// (recurring) payments are one kind: NewebPay gives a merchant (商店代號)
// one HashKey and HashIV for both.
const (
	AccountNewebPay  = "newebpay"
	AccountLinePay   = "linepay"
	AccountEzPay     = "ezpay"
	AccountACH       = "ach"
	AccountChailease = "chailease"
	// AccountLineLogin is a brand's LINE Login channel: not a merchant
	// account, but its secret is kept and set the same way.
	AccountLineLogin = "line"
	// AccountLineBot is a brand's LINE Messaging API channel (its LINE
	// Official Account, under the Login channel's provider): its access
	// token is kept the same way.
	AccountLineBot = "linebot"
)

// AccountKinds are the kinds of merchant account, in order.
var AccountKinds = []string{AccountNewebPay, AccountLinePay, AccountEzPay, AccountACH, AccountChailease, AccountLineLogin, AccountLineBot}

// AccountNames are each kind's settings: the first the merchant id, the
// last the gateway's base URL.
var AccountNames = map[string][]string{
	AccountNewebPay:  {"NEWEBPAY_MERCHANT_ID", "NEWEBPAY_HASH_KEY", "NEWEBPAY_HASH_IV", "NEWEBPAY_URL"},
	AccountLinePay:   {"LINEPAY_CHANNEL_ID", "LINEPAY_CHANNEL_SECRET", "LINEPAY_URL"},
	AccountEzPay:     {"EZPAY_MERCHANT_ID", "EZPAY_HASH_KEY", "EZPAY_HASH_IV", "EZPAY_URL"},
	AccountACH:       {"ACH_MERCHANT_ID", "ACH_SECRET", "ACH_URL"},
	AccountChailease: {"CHAILEASE_MERCHANT_ID", "CHAILEASE_SECRET", "CHAILEASE_URL"},
	AccountLineLogin: {"LINE_LOGIN_CHANNEL_ID", "LINE_LOGIN_CHANNEL_SECRET", "LINE_LOGIN_URL"},
	AccountLineBot:   {"LINE_BOT_CHANNEL_ID", "LINE_BOT_ACCESS_TOKEN", "LINE_BOT_CHANNEL_SECRET", "LINE_BOT_URL"},
}

// accountOptional are the settings an account may go without: the LINE
// Messaging API channel's secret, which only its webhook needs (without
// it the brand takes no webhook, and its members' friendship is learnt
// from the logins and the pushes alone).
var accountOptional = map[string]bool{"LINE_BOT_CHANNEL_SECRET": true}

// accountURLExample is each kind's gateway, for the URL's error.
var accountURLExample = map[string]string{
	AccountNewebPay: "https://core.newebpay.com", AccountLinePay: "https://api-pay.line.me", AccountEzPay: "https://inv.ezpay.com.tw",
	AccountACH: "https://ach.bank.example.com", AccountChailease: "https://pay.chailease.example.com", AccountLineLogin: LineLoginAccessURL, AccountLineBot: LineBotAPIURL,
}

// Accounts are one brand's (or the platform's) merchant accounts; a kind
// it has none of is zero (not Configured).
type Accounts struct {
	NewebPay  NewebPay
	LinePay   LinePay
	EzPay     EzPay
	ACH       ACH
	Chailease Chailease
	LineLogin LineLogin
	LineBot   LineBot
}

// Has reports whether a's account of kind is configured.
func (a Accounts) Has(kind string) bool {
	switch kind {
	case AccountNewebPay:
		return a.NewebPay.Configured()
	case AccountLinePay:
		return a.LinePay.Configured()
	case AccountEzPay:
		return a.EzPay.Configured()
	case AccountACH:
		return a.ACH.Configured()
	case AccountChailease:
		return a.Chailease.Configured()
	case AccountLineLogin:
		return a.LineLogin.Configured()
	case AccountLineBot:
		return a.LineBot.Configured()
	}
	return false
}

// MerchantID is the merchant id (LINE Pay's channel id) of a's account
// of kind: not a secret.
func (a Accounts) MerchantID(kind string) string {
	switch kind {
	case AccountNewebPay:
		return a.NewebPay.MerchantID
	case AccountLinePay:
		return a.LinePay.ChannelID
	case AccountEzPay:
		return a.EzPay.MerchantID
	case AccountACH:
		return a.ACH.MerchantID
	case AccountChailease:
		return a.Chailease.MerchantID
	case AccountLineLogin:
		return a.LineLogin.ChannelID
	case AccountLineBot:
		return a.LineBot.ChannelID
	}
	return ""
}

// Take sets a's account of kind to from's.
func (a *Accounts) Take(kind string, from Accounts) {
	switch kind {
	case AccountNewebPay:
		a.NewebPay = from.NewebPay
	case AccountLinePay:
		a.LinePay = from.LinePay
	case AccountEzPay:
		a.EzPay = from.EzPay
	case AccountACH:
		a.ACH = from.ACH
	case AccountChailease:
		a.Chailease = from.Chailease
	case AccountLineLogin:
		a.LineLogin = from.LineLogin
	case AccountLineBot:
		a.LineBot = from.LineBot
	}
}

// ReadAccount reads the account of kind from get (its AccountNames) into
// a. All names set: the account (found), checked; none set: no account
// (found false, no problem); some set: a problem naming the missing ones.
// The URL must be https (http too when allowHTTP: dev). Problems never
// quote a secret.
func ReadAccount(a *Accounts, kind string, get func(string) string, allowHTTP bool) (found bool, problems []string) {
	names, ok := AccountNames[kind]
	if !ok {
		return false, []string{fmt.Sprintf("%q: not a kind of merchant account (%s)", kind, strings.Join(AccountKinds, ", "))}
	}
	var v, missing []string
	unset := 0
	for _, n := range names {
		v = append(v, strings.TrimSpace(get(n)))
		if v[len(v)-1] == "" {
			unset++
			if !accountOptional[n] {
				missing = append(missing, n)
			}
		}
	}
	switch {
	case unset == len(names):
		return false, nil
	case len(missing) > 0:
		return false, []string{"payment provider partly configured: " + strings.Join(missing, ", ") + " missing"}
	}
	raw := v[len(v)-1]
	if u, err := url.Parse(raw); err != nil || (u.Scheme != "https" && !(u.Scheme == "http" && allowHTTP)) || u.Host == "" || u.User != nil || u.RawQuery != "" {
		problems = append(problems, fmt.Sprintf("%s=%q: want an https URL such as %s (http only in dev)", names[len(names)-1], raw, accountURLExample[kind]))
	}
	base := strings.TrimSuffix(raw, "/")
	switch kind {
	case AccountNewebPay:
		a.NewebPay = NewebPay{MerchantID: v[0], HashKey: v[1], HashIV: v[2], URL: base}
	case AccountLinePay:
		a.LinePay = LinePay{ChannelID: v[0], ChannelSecret: v[1], URL: base}
	case AccountEzPay:
		a.EzPay = EzPay{MerchantID: v[0], HashKey: v[1], HashIV: v[2], URL: base}
	case AccountACH:
		a.ACH = ACH{MerchantID: v[0], Secret: v[1], URL: base}
	case AccountChailease:
		a.Chailease = Chailease{MerchantID: v[0], Secret: v[1], URL: base}
	case AccountLineLogin:
		a.LineLogin = LineLogin{ChannelID: v[0], ChannelSecret: v[1], URL: base}
	case AccountLineBot:
		a.LineBot = LineBot{ChannelID: v[0], AccessToken: v[1], ChannelSecret: v[2], URL: base}
	}
	switch {
	case (kind == AccountNewebPay || kind == AccountEzPay) && (len(v[1]) != 32 || len(v[2]) != 16): // NewebPay's and ezPay's AES-256 key and IV
		problems = append(problems, names[1]+" and "+names[2]+": want 32 and 16 characters")
	case len(names) == 3 && kind != AccountLinePay && kind != AccountLineLogin && kind != AccountLineBot && len(v[1]) < 32: // a shared secret signing both ways
		problems = append(problems, names[1]+": want at least 32 characters")
	}
	return true, problems
}

// AccountValues are the settings of a's account of kind by name (what a
// credentials file holds, and what is sealed).
func (a Accounts) AccountValues(kind string) map[string]string {
	var v []string
	switch kind {
	case AccountNewebPay:
		v = []string{a.NewebPay.MerchantID, a.NewebPay.HashKey, a.NewebPay.HashIV, a.NewebPay.URL}
	case AccountLinePay:
		v = []string{a.LinePay.ChannelID, a.LinePay.ChannelSecret, a.LinePay.URL}
	case AccountEzPay:
		v = []string{a.EzPay.MerchantID, a.EzPay.HashKey, a.EzPay.HashIV, a.EzPay.URL}
	case AccountACH:
		v = []string{a.ACH.MerchantID, a.ACH.Secret, a.ACH.URL}
	case AccountChailease:
		v = []string{a.Chailease.MerchantID, a.Chailease.Secret, a.Chailease.URL}
	case AccountLineLogin:
		v = []string{a.LineLogin.ChannelID, a.LineLogin.ChannelSecret, a.LineLogin.URL}
	case AccountLineBot:
		v = []string{a.LineBot.ChannelID, a.LineBot.AccessToken, a.LineBot.ChannelSecret, a.LineBot.URL}
	}
	out := map[string]string{}
	for i, n := range AccountNames[kind] {
		out[n] = v[i]
	}
	return out
}

// ParseAccountFile reads a credentials file of kind: `NAME=value` lines
// with kind's AccountNames (those of the environment's variables), blank
// lines and `#` comments; a value may be in double quotes. Every name must
// be there (but the optional ones, accountOptional), and no other.
// Problems name the line and the name, never a value.
func ParseAccountFile(kind string, file []byte, allowHTTP bool) (Accounts, error) {
	names, ok := AccountNames[kind]
	if !ok {
		return Accounts{}, fmt.Errorf("%q: not a kind of merchant account (%s)", kind, strings.Join(AccountKinds, ", "))
	}
	vals := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(file, []byte("\xef\xbb\xbf"))))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		name, value, ok := strings.Cut(text, "=")
		name = strings.TrimSpace(name)
		switch {
		case !ok:
			return Accounts{}, fmt.Errorf("line %d: want NAME=value", line)
		case !slices.Contains(names, name):
			return Accounts{}, fmt.Errorf("line %d: %s is not a setting of %s (want %s)", line, name, kind, strings.Join(names, ", "))
		case vals[name] != "":
			return Accounts{}, fmt.Errorf("line %d: %s given twice", line, name)
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = value[1 : len(value)-1]
		}
		vals[name] = value
	}
	if err := sc.Err(); err != nil {
		return Accounts{}, err
	}
	var a Accounts
	found, problems := ReadAccount(&a, kind, func(n string) string { return vals[n] }, allowHTTP)
	if !found && problems == nil {
		problems = []string{"no settings: want " + strings.Join(names, ", ")}
	}
	if problems != nil {
		return Accounts{}, fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return a, nil
}

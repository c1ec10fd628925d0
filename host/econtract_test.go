package host

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"storefront"
	"strings"
	"testing"
	"time"

	"storefront/data"
	"storefront/econtract"
	"storefront/host/wire"
)

// drawnSignature is a PNG data URL as the signature canvas sends it.
func drawnSignature(t *testing.T) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 300, 100))
	for x := 20; x < 280; x++ {
		img.Set(x, 50+(x%11)-5, color.NRGBA{0, 0, 0, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

// demoContract is the demo's contract: its id, newest version and the hex
// SHA-256 of its text.
func demoContract(t *testing.T, db *data.DB) (int64, int, string) {
	t.Helper()
	var id int64
	var version int
	var body string
	err := db.Pool.QueryRow(context.Background(), `select t.id, v.version, v.body from contract_templates t
		join contract_versions v on v.template_id = t.id where t.brand_id = 'demo' order by v.version desc limit 1`).Scan(&id, &version, &body)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte(body))
	return id, version, hex.EncodeToString(h[:])
}

// TestEContract: reading, signing (with its bad inputs) and the read-only
// record through /api/contract; checkout's precheck asks to sign until the
// member has signed, and asks again once the template's text is changed
// (tampered in place) or a new version comes; the signed contract's PDF
// goes by mail and downloads for its member only.
func TestEContract(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	other := s.member(t, "other@example.com", true, map[string]string{"phone": "0912000111", "birthday": "1990-05-17"})
	auth := []string{"Authorization", sid, "User-Agent", "storefront-test/1.0"}
	id, version, hash := demoContract(t, s.db)
	weekend := s.demoItem(t, "週末體驗通行卡", "")
	season := s.demoItem(t, "季卡通行卡", "")
	sign := map[string]any{"brandId": "demo", "contractId": id, "version": version, "textSha256": hash, "signerName": "陳小華",
		"fields": map[string]string{"emergencyContact": "王大明", "emergencyPhone": "0912345678"}, "signature": drawnSignature(t)}
	get := func(name, path string, header []string, status, code int, contains ...string) scenario {
		return scenario{Name: name, Path: path, Header: header, Status: status, Code: code, Contains: contains}
	}
	post := func(name string, body any, header []string, status, code int, contains ...string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: "/api/contract", Body: body, Header: header, Status: status, Code: code, Contains: contains}
	}
	precheck := func(name string, body any, header []string, status, code int, contains ...string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: "/api/brand/demo/sale/precheck", Body: body, Header: header, Status: status,
			Code: code, Contains: contains}
	}
	path := fmt.Sprintf("/api/contract?brandId=demo&contractId=%d", id)
	runScenarios(t, s, []scenario{
		get("a visitor reads it", path, nil, 200, 0, "森活運動館 會員入會契約", `"textSha256":"`+hash+`"`, `"record":null`, `"readOnly":false`,
			`"key":"emergencyContact"`, fmt.Sprintf(`"pagePath":"/e-contract/0/%d"`, id)),
		get("by the item it is attached to", fmt.Sprintf("/api/contract?brandId=demo&itemId=%d&storeId=%d", weekend["itemId"], weekend["storeId"]),
			nil, 200, 0, `"textSha256":"`+hash+`"`, fmt.Sprintf(`"pagePath":"/e-contract/%d/%d"`, weekend["storeId"], id)),
		get("an item without a contract", fmt.Sprintf("/api/contract?brandId=demo&itemId=%d", season["itemId"]), nil, 404, storefront.CodeContractNotFound),
		get("an unknown contract", "/api/contract?brandId=demo&contractId=999999", nil, 404, storefront.CodeContractNotFound),
		get("another brand's contract", fmt.Sprintf("/api/contract?brandId=yoga&contractId=%d", id), nil, 404, storefront.CodeContractNotFound),
		get("no contract named", "/api/contract?brandId=demo", nil, 400, storefront.CodeBadRequest),
		get("a bad contract id", "/api/contract?brandId=demo&contractId=abc", nil, 400, storefront.CodeBadRequest),
		get("no brand", fmt.Sprintf("/api/contract?contractId=%d", id), nil, 400, storefront.CodeBadRequest),
		get("the item page says a contract comes first", fmt.Sprintf("/demo/passcard/%d", weekend["itemId"]), nil, 200, 0, `"contract":true,`),
		get("an item page without a contract says none", fmt.Sprintf("/demo/passcard/%d", season["itemId"]), nil, 200, 0, `"contract":false,`),
		precheck("checkout asks to sign", weekend, auth, 403, storefront.CodeContractUnsigned, "請先簽署電子合約"),
		precheck("an item without a contract needs none", season, auth, 200, 0, `"contract":"notNeeded"`),
		post("signing needs a login", sign, nil, 401, storefront.CodeLoginRequired),
		post("a hash that is not hex", with(sign, "textSha256", "xyz"), auth, 400, storefront.CodeBadRequest),
		post("a tampered text's hash", with(sign, "textSha256", strings.Repeat("ab", 32)), auth, 409, storefront.CodeContractOutdated, "電子合約內容已更新"),
		post("an outdated version", with(sign, "version", version+1), auth, 409, storefront.CodeContractOutdated),
		post("no version", with(sign, "version", nil), auth, 400, storefront.CodeBadRequest),
		post("an unknown contract", with(sign, "contractId", 999999), auth, 404, storefront.CodeContractNotFound),
		post("a required field left empty", with(sign, "fields", map[string]string{"emergencyContact": "王大明"}), auth, 400, storefront.CodeBadRequest, "緊急聯絡人電話"),
		post("no signer", with(sign, "signerName", " "), auth, 400, storefront.CodeBadRequest),
		post("a signature that is not a PNG", with(sign, "signature", "data:image/png;base64,"+base64.StdEncoding.EncodeToString([]byte("GIF89a................................"))),
			auth, 400, storefront.CodeSignatureInvalid, "簽名圖檔格式錯誤"),
		post("no signature", with(sign, "signature", ""), auth, 400, storefront.CodeSignatureInvalid),
		post("not JSON", `{"contractId":`, auth, 400, storefront.CodeBadRequest),
		post("a cross-site signing", sign, []string{"Sec-Fetch-Site", "cross-site"}, 403, storefront.CodeCrossSiteRefused),
		post("a signature too large", with(sign, "signature", strings.Repeat("A", maxSignBody)), auth, 400, storefront.CodeBadRequest, "資料過大"),
		post("signed", sign, auth, 200, 0, `"signerName":"陳小華"`, `"emergencyPhone":"0912345678"`, `"version":1`, `"pdfUrl":"/api/user/contracts/`),
		post("signed once: read-only", sign, auth, 409, storefront.CodeContractSigned, "您已簽署此電子合約"),
		get("the member's record, read-only", path, auth, 200, 0, `"readOnly":true`, `"signerName":"陳小華"`),
		get("another member has not signed", path, []string{"Authorization", other}, 200, 0, `"readOnly":false`, `"record":null`),
		precheck("checkout goes on once signed", weekend, auth, 200, 0, `"contract":"signed"`),
		get("the member's contracts", "/api/user/contracts?brandId=demo", auth, 200, 0, "森活運動館 會員入會契約"),
		get("another's list is theirs", "/api/user/contracts?brandId=demo", []string{"Authorization", other}, 200, 0, `"contracts":[]`),
		get("the list needs a login", "/api/user/contracts?brandId=demo", nil, 401, storefront.CodeLoginRequired),
	})

	var rec struct {
		ID                    int64
		Addr, UA              string
		SigLen                int
		SignedAt              time.Time
		TemplateID, VersionNo int
	}
	err := s.db.Pool.QueryRow(ctx, `select id, client_addr, user_agent, length(signature_png), signed_at from signed_contracts`).
		Scan(&rec.ID, &rec.Addr, &rec.UA, &rec.SigLen, &rec.SignedAt)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Addr == "" || rec.UA != "storefront-test/1.0" || rec.SigLen < 40 || !rec.SignedAt.Equal(s.clock.Now()) {
		t.Errorf("the record: %+v", rec)
	}
	pdf := fmt.Sprintf("/api/user/contracts/%d.pdf?brandId=demo", rec.ID)
	runScenarios(t, s, []scenario{
		{Name: "the PDF", Path: pdf, Header: auth, Status: 200, WantHeader: []string{"Content-Type", "application/pdf"}, Contains: []string{"%PDF-", "/FontFile2"}},
		get("another member's PDF", pdf, []string{"Authorization", other}, 404, storefront.CodeContractNotFound),
		get("the PDF needs a login", pdf, nil, 401, storefront.CodeLoginRequired),
		get("not a PDF name", fmt.Sprintf("/api/user/contracts/%d.txt?brandId=demo", rec.ID), auth, 404, storefront.CodeContractNotFound),
		get("an unknown PDF", "/api/user/contracts/999999.pdf?brandId=demo", auth, 404, storefront.CodeContractNotFound),
	})
	m, ok := s.box.Wait("member@example.com", 0, 10*time.Second)
	for ok && !strings.Contains(m.Subject, "電子合約") {
		m, ok = s.box.Wait("member@example.com", m.ID, 10*time.Second)
	}
	if !ok || !strings.Contains(m.Raw, "application/pdf") || !strings.Contains(m.Raw, fmt.Sprintf("contract-%d.pdf", rec.ID)) {
		t.Errorf("no contract mail with its PDF (found %v: %q)", ok, m.Subject)
	}

	// the operator's text changed in place: the signature no longer covers it
	if _, err := s.db.Pool.Exec(ctx, `update contract_versions set body = body || '<p>新增條款</p>' where template_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	runScenarios(t, s, []scenario{
		precheck("a tampered template is refused at checkout", weekend, auth, 403, storefront.CodeContractUnsigned),
		{Name: "and at payment", Method: http.MethodPost, Path: "/api/brand/demo/sale/payment", Body: with(weekend, "payWay", data.PayWayCard),
			Header: auth, Status: 403, Code: storefront.CodeContractUnsigned},
		get("the page asks to sign again", path, auth, 200, 0, `"readOnly":false`, `"record":null`),
		post("the old hash is refused", sign, auth, 409, storefront.CodeContractOutdated),
	})
	// a new version: sign it, then checkout goes on
	if _, err := s.db.Pool.Exec(ctx, `insert into contract_versions (template_id, version, title, body, fields)
		select template_id, 2, title, body || '<p>第二版</p>', fields from contract_versions where template_id = $1 and version = 1`, id); err != nil {
		t.Fatal(err)
	}
	_, v2, hash2 := demoContract(t, s.db)
	runScenarios(t, s, []scenario{
		post("signing the old version", with(sign, "textSha256", hash), auth, 409, storefront.CodeContractOutdated),
		post("signing the new version", with(with(sign, "version", v2), "textSha256", hash2), auth, 200, 0, `"version":2`),
		precheck("checkout after signing the new version", weekend, auth, 200, 0, `"contract":"signed"`),
	})
}

// TestEContractPage: the e-contract page is always allowed (spec); its
// data is the template, the member's record and the read-only flag.
func TestEContractPage(t *testing.T) {
	s := newShop(t)
	id, _, _ := demoContract(t, s.db)
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	runScenarios(t, s, []scenario{
		{Name: "a visitor", Path: fmt.Sprintf("/demo/e-contract/0/%d", id), Status: 200, Contains: []string{`"readOnly":false`, "會員入會契約"}},
		{Name: "the member", Path: fmt.Sprintf("/demo/e-contract/0/%d", id), Header: []string{"Authorization", sid}, Status: 200,
			Contains: []string{`"record":null`, "會員入會契約"}},
		{Name: "an unknown contract", Path: "/demo/e-contract/0/999999", Status: 404},
		{Name: "a brand without the shop", Path: "/noshop/e-contract", Status: 200},
	})
}

// decodeEnvelope reads an API answer's data into v.
func decodeEnvelope(t *testing.T, w *httptest.ResponseRecorder, v any) {
	t.Helper()
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil || json.Unmarshal(env.Data, v) != nil {
		t.Fatalf("not an envelope with data: %s", w.Body)
	}
}

// TestAppWebview: the app's session id sent as the Authorization header
// with from=app logs the member in on the server render (their member
// centre) and hands the webview the session cookies; from=app keeps the
// visit in app mode across pages without the query, until from=web.
func TestAppWebview(t *testing.T) {
	s := newShop(t)
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	_, yogaSID := login(t, s.ts().browser(), "yoga", "member@example.com", "demo1234")
	setsCookie := func(name, value string) func(t *testing.T, w *httptest.ResponseRecorder) {
		return func(t *testing.T, w *httptest.ResponseRecorder) {
			for _, c := range w.Result().Cookies() {
				if c.Name == name && c.Value == value && c.MaxAge >= 0 {
					return
				}
			}
			t.Errorf("no cookie %s=%q: %v", name, value, w.Header().Values("Set-Cookie"))
		}
	}
	app := s.ts().browser()
	runScenarios(t, app, []scenario{
		{Name: "the app opens the member centre with its session", Path: "/demo/user?from=app", Header: []string{"Authorization", sid},
			Status: 200, Contains: []string{"member@example.com", `"webview":true`}, Check: setsCookie(cookieSession, sid)},
		{Name: "the next page carries neither header nor query", Path: "/demo/user/passcard", Status: 200,
			Contains: []string{"member@example.com", `"webview":true`}},
		{Name: "a cacheable page in app mode", Path: "/demo/activitys", Status: 200, Contains: []string{`"webview":true`}},
		{Name: "from=web leaves app mode", Path: "/demo/activitys?from=web", Status: 200, Contains: []string{`"webview":false`}},
		{Name: "and it stays left", Path: "/demo/activitys", Status: 200, Contains: []string{`"webview":false`}},
	})
	runScenarios(t, s.ts().browser(), []scenario{
		{Name: "a page with from=app starts app mode", Path: "/demo?from=app", Status: 200, Check: setsCookie(cookieFrom, "app")},
		{Name: "the brand's next page is in app mode", Path: "/demo/activitys", Status: 200, Contains: []string{`"webview":true`}},
		{Name: "another brand on this host is not", Path: "/yoga/activitys", Status: 200, Contains: []string{`"webview":false`}},
		{Name: "a dead session is not logged in", Path: "/demo/user?from=app", Header: []string{"Authorization", "no-such-session"},
			Status: http.StatusMovedPermanently, Absent: []string{"member@example.com"}},
		{Name: "another brand's session is not logged in", Path: "/demo/user?from=app", Header: []string{"Authorization", yogaSID},
			Status: http.StatusMovedPermanently},
	})
}

// TestRemainingCalls: /api/brand, /api/brand/user and the path form of
// /api/user/userInfo, with their bad inputs.
func TestRemainingCalls(t *testing.T) {
	s := newShop(t)
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	var uid int64
	s.db.Pool.QueryRow(context.Background(), `select id from users where brand_id = 'demo' and email = 'member@example.com'`).Scan(&uid)
	auth := []string{"Authorization", sid}
	runScenarios(t, s, []scenario{
		{Name: "the brand", Path: "/api/brand?brandId=demo", Status: 200, Contains: []string{`"brandId":"demo"`, `"brandName":"森活運動館"`, `"additionalModules":[`}},
		{Name: "an unknown brand", Path: "/api/brand?brandId=nosuch", Status: 404, Code: storefront.CodeBrandNotFound},
		{Name: "no brand", Path: "/api/brand", Status: 400, Code: storefront.CodeBadRequest},
		{Name: "the member's lists", Path: "/api/brand/user?brandId=demo", Header: auth, Status: 200,
			Contains: []string{`"pointList":[`, "團課 10 堂計次卡", `"passcardList":[`}},
		{Name: "the lists need a login", Path: "/api/brand/user?brandId=demo", Status: 401, Code: storefront.CodeLoginRequired},
		{Name: "user info, path form", Path: fmt.Sprintf("/api/user/userInfo/demo/%s/%d", sid, uid), Status: 200, Contains: []string{"member@example.com"}},
		{Name: "path form, another user id", Path: fmt.Sprintf("/api/user/userInfo/demo/%s/%d", sid, uid+1000), Status: 403, Code: storefront.CodeSessionInvalid},
		{Name: "path form, a dead session", Path: fmt.Sprintf("/api/user/userInfo/demo/nosuch/%d", uid), Status: 403, Code: storefront.CodeSessionInvalid},
		{Name: "path form, another brand", Path: fmt.Sprintf("/api/user/userInfo/yoga/%s/%d", sid, uid), Status: 403, Code: storefront.CodeSessionInvalid},
	})
}

// pdfText is the text of a PDF as poppler's pdftotext reads it, without
// white space (lines wrap differently on paper).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "contract.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-enc", "UTF-8", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (poppler-utils): %v", err)
	}
	return strings.Join(strings.Fields(string(out)), "")
}

// TestSignedContractNamesTheAccountAsAtSigning: a contract signed under a
// typed name (某某人) names the member's account beside it, in its PDF, its
// mail and its record: the account's name, e-mail and member number as they were at
// signing. Changing the profile (and the e-mail) afterwards, or deleting
// the account, leaves the PDF as it was.
func TestSignedContractNamesTheAccountAsAtSigning(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	auth := []string{"Authorization", sid}
	var userID int64
	if err := s.db.Pool.QueryRow(ctx, `select id from users where brand_id = 'demo' and email = 'member@example.com'`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	id, version, hash := demoContract(t, s.db)
	var rec wire.SignedContract
	w := s.b.post(t, "/api/contract", map[string]any{"brandId": "demo", "contractId": id, "version": version, "textSha256": hash,
		"signerName": "某某人", "fields": map[string]string{"emergencyContact": "王大明", "emergencyPhone": "0912345678"},
		"signature": drawnSignature(t)}, auth...)
	if env := apiResult(t, w, &rec); w.Code != 200 || rec.ID == 0 {
		t.Fatalf("signing: %d %+v", w.Code, env)
	}
	account := fmt.Sprintf("簽署人：某某人（會員帳號：林小安，member@example.com，會員編號%d）", userID)
	pdf := func(label string) string {
		t.Helper()
		w := s.b.get(t, rec.PdfURL, auth...)
		if w.Code != 200 {
			t.Fatalf("%s: the PDF: %d %s", label, w.Code, w.Body)
		}
		return pdfText(t, w.Body.Bytes())
	}
	if text := pdf("signed"); !strings.Contains(text, account) {
		t.Fatalf("the PDF does not name the account beside the signer %q:\n%s", account, text)
	}
	m, ok := s.box.Wait("member@example.com", 0, 10*time.Second)
	for ok && !strings.Contains(m.Subject, "電子合約") {
		m, ok = s.box.Wait("member@example.com", m.ID, 10*time.Second)
	}
	if !ok || !strings.Contains(strings.Join(strings.Fields(m.Text), ""), strings.TrimPrefix(account, "簽署人：")) {
		t.Errorf("the contract mail does not name the account (found %v): %s", ok, m.Text)
	}

	// the profile changes: the name by the member, the e-mail by the shop
	if w := s.b.post(t, "/api/user/edit", map[string]any{"brandId": "demo", "name": "林大安"}, auth...); w.Code != 200 {
		t.Fatalf("profile edit: %d %s", w.Code, w.Body)
	}
	if _, err := s.db.Pool.Exec(ctx, `update users set email = 'changed@example.com' where id = $1`, userID); err != nil {
		t.Fatal(err)
	}
	runScenarios(t, s, []scenario{{Name: "the record names the account as it was", Path: fmt.Sprintf("/api/contract?brandId=demo&contractId=%d", id),
		Header: auth, Status: 200, Contains: []string{`"signerName":"某某人"`,
			fmt.Sprintf(`"account":{"name":"林小安","email":"member@example.com","memberNo":%d}`, userID)}}})
	text := pdf("after the profile changed")
	if !strings.Contains(text, account) || strings.Contains(text, "林大安") || strings.Contains(text, "changed@example.com") {
		t.Errorf("the PDF changed with the profile; want %q:\n%s", account, text)
	}

	// the account is deleted: its record still renders the account at signing
	member, err := s.db.User(ctx, "demo", userID, storefront.CodeMemberNotFound)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.members.DeleteAccount(ctx, member); err != nil {
		t.Fatal(err)
	}
	b, err := s.brand(ctx, "demo", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.db.SignedContract(ctx, userID, rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	out, err := econtract.SignedPDF(b.Name, r)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, out); !strings.Contains(text, account) {
		t.Errorf("the deleted account's PDF does not name it as it was; want %q:\n%s", account, text)
	}
}

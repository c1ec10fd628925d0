package host

import (
	"context"
	"net/http"
	"storefront"
	"testing"

	"storefront/providers"
)

// TestNameFieldsRefuseLineBreaksAndBidiOverrides: every field where a name
// is typed (registration, registration during checkout, profile edit,
// complete info, a contract's signer and its fields, an ACH account's
// holder) refuses CR/LF and the right-to-left override with the field's
// Traditional Chinese message, and stores nothing.
func TestNameFieldsRefuseLineBreaksAndBidiOverrides(t *testing.T) {
	s := deferredShop(t)
	ctx := context.Background()
	_, sid := login(t, s.ts().browser(), "demo", "member@example.com", "demo1234")
	auth := []string{"Authorization", sid}
	const (
		crlf    = "王小明\r\n林小安"
		rlo     = "\u202e明小王"
		refused = "不可包含換行、控制字元或文字方向控制字元"
	)
	reg := demoRegistration("amy@example.com")
	regFields := func(contact string) map[string]any {
		return with(reg, "customFields", map[string]string{"phone": "0912000111", "birthday": "1990-05-17", "emergencyContact": contact})
	}
	id, version, hash := demoContract(t, s.db)
	sign := map[string]any{"brandId": "demo", "contractId": id, "version": version, "textSha256": hash, "signerName": "陳小華",
		"fields": map[string]string{"emergencyContact": "王大明", "emergencyPhone": "0912345678"}, "signature": drawnSignature(t)}
	post := func(name, path string, body any, header []string, status, code int, msg string) scenario {
		return scenario{Name: name, Method: http.MethodPost, Path: path, Body: body, Header: header, Status: status, Code: code, Message: msg}
	}
	bad := func(name, path string, body any, header []string, msg string) scenario {
		return post(name, path, body, header, 400, storefront.CodeBadRequest, msg)
	}
	ach := s.achBody(t, "季卡通行卡", providers.ACHTestApproved)
	runScenarios(t, s, []scenario{
		bad("register: a name with CR/LF", "/api/session/register", with(reg, "name", crlf), nil, "姓名"+refused),
		bad("register: a name with a right-to-left override", "/api/session/register", with(reg, "name", rlo), nil, "姓名"+refused),
		bad("register: a custom text field with an override", "/api/session/register", regFields("王\u202e明大"), nil, "緊急聯絡人"+refused),
		bad("register during checkout: an override", "/api/session/purchaseVerify/register", with(reg, "name", rlo), nil, "姓名"+refused),
		bad("profile edit: a name with CR/LF", "/api/user/edit", map[string]any{"brandId": "demo", "name": crlf}, auth, "姓名"+refused),
		bad("profile edit: a name with an override", "/api/user/edit", map[string]any{"brandId": "demo", "name": rlo}, auth, "姓名"+refused),
		bad("complete info: a custom text field with CR/LF", "/api/user/edit",
			map[string]any{"brandId": "demo", "customFields": map[string]string{"emergencyContact": "王大明\n陳小華"}}, auth, "緊急聯絡人"+refused),
		bad("contract: a signer with CR/LF", "/api/contract", with(sign, "signerName", "某某人\r\n王小明"), auth, "簽署人姓名"+refused),
		bad("contract: a signer with an override", "/api/contract", with(sign, "signerName", "\u202e人某某"), auth, "簽署人姓名"+refused),
		bad("contract: a field with an override", "/api/contract",
			with(sign, "fields", map[string]string{"emergencyContact": "王\u202e明大", "emergencyPhone": "0912345678"}), auth, "緊急聯絡人"+refused),
		post("ACH: a holder name with an override", "/api/brand/demo/sale/ach/payment", with(ach, "holderName", "林\u202e安小"), auth,
			400, storefront.CodeACHInvalid, "戶名"+refused),
		post("ACH: a holder name with CR/LF", "/api/brand/demo/sale/ach/payment", with(ach, "holderName", "林小安\r\n王小明"), auth,
			400, storefront.CodeACHInvalid, "戶名"+refused),
	})
	var users, contracts, mandates int
	err := s.db.Pool.QueryRow(ctx, `select (select count(*) from users where email = 'amy@example.com' or name <> '林小安' and email = 'member@example.com'),
		(select count(*) from signed_contracts), (select count(*) from ach_mandates)`).Scan(&users, &contracts, &mandates)
	if err != nil {
		t.Fatal(err)
	}
	if users != 0 || contracts != 0 || mandates != 0 {
		t.Errorf("refused names were stored: %d accounts, %d contracts, %d mandates", users, contracts, mandates)
	}
}

package host

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"storefront"
	"strconv"
	"strings"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// E-contracts (issue 14): the member reads a contract template's newest
// version, signs it (POST /api/contract), and gets the signed contract as
// a PDF by mail and from the member centre. The e-contract page is always
// allowed (spec section 2); reading a template needs no login, signing
// does.

// maxSignature bounds the signature PNG (a phone's canvas of strokes is
// tens of KB); maxSignBody bounds the signing body that carries it in
// base64.
const (
	maxSignature = 256 << 10
	maxSignBody  = maxSignature*4/3 + maxBody
	// maxContractField bounds a contract field's value (characters).
	maxContractField = 500
)

// pngMagic starts every PNG file.
var pngMagic = []byte("\x89PNG\r\n\x1a\n")

func contractTemplate(v *data.ContractVersion) *wire.ContractTemplate {
	fields := make([]wire.ContractField, 0, len(v.Fields))
	for _, f := range v.Fields {
		fields = append(fields, wire.ContractField(f))
	}
	return &wire.ContractTemplate{ID: v.TemplateID, Name: v.Name, Version: v.Version, Title: v.Title, Body: v.Body,
		TextSHA256: hex.EncodeToString(v.TextSHA256()), Fields: fields}
}

func signedContract(r *data.SignedRecord) *wire.SignedContract {
	fields := r.Fields
	if fields == nil {
		fields = map[string]string{}
	}
	return &wire.SignedContract{ID: r.ID, ContractID: r.TemplateID, Name: r.Name, Title: r.Title, Version: r.Version,
		TextSHA256: hex.EncodeToString(r.TextSHA256), SignerName: r.SignerName,
		Account: wire.SignedAccount{Name: r.AccountName, Email: r.AccountEmail, MemberNo: r.UserID}, Fields: fields, SignedAt: r.SignedAt,
		PdfURL: "/api/user/contracts/" + strconv.FormatInt(r.ID, 10) + ".pdf?brandId=" + r.BrandID}
}

// eContractPage is the e-contract page of template v for member m (nil:
// a visitor): their record of v and the read-only flag.
func (s *Server) eContractPage(r *http.Request, m *member, v *data.ContractVersion, storeID int64) (*wire.EContractPage, error) {
	p := &wire.EContractPage{Template: contractTemplate(v), StoreID: storeID,
		PagePath: fmt.Sprintf("/e-contract/%d/%d", storeID, v.TemplateID)}
	if m == nil {
		return p, nil
	}
	rec, err := s.db.SignedVersion(r.Context(), m.user.ID, v)
	if err != nil || rec == nil {
		return p, err
	}
	p.Record, p.ReadOnly = signedContract(rec), true
	return p, nil
}

// GET /api/contract?brandId=&contractId=[&storeId=] (or &itemId=&storeId=:
// the contract an item bought in that store needs; 404 -55 when none):
// the template's newest version and the member's record of it.
func (s *Server) apiContract(w http.ResponseWriter, r *http.Request) (any, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, err
	}
	q := newQuery(r.URL.Query())
	id, itemID, storeID := q.id("contractId", "合約代碼 contractId "), q.id("itemId", "商品代碼 itemId "), q.id("storeId", "門市代碼 storeId ")
	if err := q.Err(); err != nil {
		return nil, err
	}
	var v *data.ContractVersion
	switch {
	case id != 0:
		v, err = s.db.Contract(r.Context(), b.ID, id)
	case itemID != 0 || storeID != 0:
		if v, err = s.db.ContractFor(r.Context(), b.ID, itemID, storeID); err == nil && v == nil {
			err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeContractNotFound}
		}
	default:
		err = badRequest("請指定合約代碼 contractId 或商品代碼 itemId")
	}
	if err != nil {
		return nil, err
	}
	m, _, merr := s.memberOf(r, b)
	if merr != nil {
		m = nil // a visitor reads the contract too
	}
	return s.eContractPage(r, m, v, storeID)
}

// signature decodes the drawn signature: a PNG as a data URL or bare
// base64.
func signature(s string) ([]byte, error) {
	s = strings.TrimPrefix(s, "data:image/png;base64,")
	png, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(png) > maxSignature || !bytes.HasPrefix(png, pngMagic) || len(png) < 40 {
		return nil, &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeSignatureInvalid}
	}
	return png, nil
}

// checkSigning checks a signing body's shape (not yet the template): it
// returns the hash of the text and the signer's name.
func checkSigning(req *wire.SignContractRequest) ([]byte, string, error) {
	switch {
	case req.ContractID <= 0 || req.ContractID > maxID:
		return nil, "", badRequest("合約代碼 contractId 格式錯誤")
	case req.Version <= 0:
		return nil, "", badRequest("合約版本 version 格式錯誤")
	case len(req.Signature) > maxSignature*4/3+64:
		return nil, "", &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeSignatureInvalid}
	}
	name, err := rules.Name("簽署人姓名", rules.MaxName, req.SignerName)
	if err != nil {
		return nil, "", badRequest(err.Error())
	}
	hash, err := hex.DecodeString(req.TextSHA256)
	if err != nil || len(hash) != 32 {
		return nil, "", badRequest("合約內容雜湊 textSha256 格式錯誤")
	}
	if len(req.Fields) > 50 {
		return nil, "", badRequest("合約欄位過多")
	}
	return hash, name, nil
}

// contractFields are the values of the fields version v asks for (other
// keys dropped), each checked as a custom text field.
func contractFields(v *data.ContractVersion, values map[string]string) (map[string]string, error) {
	fields := map[string]string{}
	for _, f := range v.Fields {
		val, err := rules.CheckField(rules.FieldRule{Label: f.Label, Type: rules.FieldText, Required: f.Required, MaxLength: maxContractField}, values[f.Key])
		if err != nil {
			return nil, badRequest(err.Error())
		}
		if val != "" {
			fields[f.Key] = val
		}
	}
	return fields, nil
}

// POST /api/contract {wire.SignContractRequest}: the member signs the newest
// version of a contract (read-only afterwards); the signed contract's PDF
// is mailed to them in the same transaction.
func (s *Server) apiSignContract(w http.ResponseWriter, r *http.Request) (any, error) {
	var req wire.SignContractRequest
	if err := decodeBodyUpTo(w, r, &req, maxSignBody); err != nil {
		return nil, err
	}
	b, err := s.brand(r.Context(), req.BrandID, nil)
	if err != nil {
		return nil, err
	}
	m, err := s.apiMember(w, r, b)
	if err != nil {
		return nil, err
	}
	hash, signer, err := checkSigning(&req)
	if err != nil {
		return nil, err
	}
	v, err := s.db.Contract(r.Context(), b.ID, req.ContractID)
	if err != nil {
		return nil, err
	}
	fields, err := contractFields(v, req.Fields)
	if err != nil {
		return nil, err
	}
	png, err := signature(req.Signature)
	if err != nil {
		return nil, err
	}
	ua := r.UserAgent()
	if len(ua) > 512 {
		ua = ua[:512]
	}
	rec, err := s.db.SignContract(r.Context(), data.Signing{BrandID: b.ID, UserID: m.user.ID, TemplateID: v.TemplateID,
		Version: req.Version, TextSHA256: hash, Signature: png, SignerName: signer, Fields: fields,
		ClientAddr: s.clientAddress(r), UserAgent: strings.ToValidUTF8(ua, ""), SignedAt: s.now()}, s.contractMail(r, b, m.user))
	if err != nil {
		return nil, err
	}
	s.outbox.Kick()
	return signedContract(rec), nil
}

// contractMember is the brand (path or query brandId) and logged-in
// member of a contract call: every brand, as the e-contract page (no
// module guard).
func (s *Server) contractMember(w http.ResponseWriter, r *http.Request) (*data.Brand, *member, error) {
	b, err := s.brandOfRequest(r, nil)
	if err != nil {
		return nil, nil, err
	}
	m, err := s.apiMember(w, r, b)
	return b, m, err
}

// GET /api/user/contracts?brandId=: the member's signed contracts.
func (s *Server) apiSignedContracts(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.contractMember(w, r)
	if err != nil {
		return nil, err
	}
	recs, err := s.db.SignedContracts(r.Context(), m.user.ID)
	if err != nil {
		return nil, err
	}
	out := &wire.SignedContractList{Contracts: make([]wire.SignedContract, 0, len(recs))}
	for i := range recs {
		out.Contracts = append(out.Contracts, *signedContract(&recs[i]))
	}
	return out, nil
}

// GET /api/user/contracts/{id}.pdf?brandId=: the member's signed contract
// as a PDF (only its member).
func (s *Server) contractPDF(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	id, ok := pathID(strings.TrimSuffix(file, ".pdf"))
	b, m, err := s.contractMember(w, r)
	if err == nil && (!ok || !strings.HasSuffix(file, ".pdf")) {
		err = &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeContractNotFound}
	}
	var rec *data.SignedRecord
	if err == nil {
		rec, err = s.db.SignedContract(r.Context(), m.user.ID, id)
	}
	var pdf []byte
	if err == nil {
		pdf, err = contractPDFBytes(b, rec)
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="contract-`+strconv.FormatInt(rec.ID, 10)+`.pdf"`)
	w.Header().Set("Cache-Control", "private, no-store")
	w.Write(pdf)
}

// loadEContract is the e-contract page: /e-contract/{storeId}/{contractId}
// (always allowed; a visitor reads, a member signs): wire.EContractPage, or
// null without a contractId.
func loadEContract(s *Server, rc *reqCtx) (any, error) {
	if rc.params["contractId"] == "" {
		return nil, nil // no contract named: the page says so
	}
	id, ok := pathID(rc.params["contractId"])
	if !ok {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeContractNotFound}
	}
	storeID, _ := pathID(rc.params["storeId"])
	v, err := s.db.Contract(rc.ctx(), rc.brand.ID, id)
	if err != nil {
		return nil, err
	}
	return s.eContractPage(rc.r, rc.member, v, storeID)
}

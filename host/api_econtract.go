package host

import (
	"context"
	"encoding/hex"
	"fmt"
	"net/http"
	"storefront"
	"strconv"
	"strings"

	"storefront/data"
	"storefront/econtract"
	"storefront/host/wire"
	"storefront/mail"
	"storefront/rules"
)

// E-contracts: the member reads a contract template's newest version,
// signs it (POST /api/contract: econtract's Sign flow), and gets the
// signed contract as a PDF by mail and from the member centre. The
// e-contract page is always allowed (spec section 2); reading a template
// needs no login, signing does.

// maxSignBody bounds the signing body, which carries the signature PNG in
// base64.
const maxSignBody = rules.MaxSignature*4/3 + maxBody

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
	id, itemID, storeID := q.id("contractId", storefront.TextLabelContractID), q.id("itemId", storefront.TextLabelItemID),
		q.id("storeId", storefront.TextLabelStoreID)
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
		err = badRequest(storefront.TextNameAContract)
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

// POST /api/contract {wire.SignContractRequest}: the member signs the newest
// version of a contract (read-only afterwards); the signed contract's PDF
// is mailed to them through the outbox.
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
	rec, err := s.econtract.Sign(r.Context(), econtract.Request{BrandID: b.ID, UserID: m.user.ID,
		Form: rules.SigningForm{ContractID: req.ContractID, Version: req.Version, TextSHA256: req.TextSHA256,
			SignerName: req.SignerName, Fields: req.Fields, Signature: req.Signature},
		ClientAddr: s.clientAddress(r), UserAgent: r.UserAgent()})
	if err != nil {
		return nil, err
	}
	return signedContract(rec), nil
}

// contractShop is a brand's mail identity for the e-contract flows (its
// logo too, as the members' mails).
func (s *Server) contractShop(ctx context.Context, brandID string) (mail.Brand, error) {
	b, err := s.loadBrand(ctx, brandID)
	if err != nil {
		return mail.Brand{}, err
	}
	return s.mailBrand(nil, b), nil
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
		pdf, err = econtract.SignedPDF(b.Name, rec)
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

package checkout

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"storefront"
	"time"

	"storefront/data"
	"storefront/providers"
)

// Merchants are the merchant accounts each brand pays into: its own,
// stored sealed (`storefront brand credentials set`), else the platform's
// (the environment's) where the platform collects for the studios
// (PlatformCollects: dev, the demo, or the explicit setting), else none:
// the brand does not offer that payment way. Nothing is cached: each
// question is one indexed read, so a change by the command holds at once
// on every host.
type Merchants struct {
	DB *data.DB
	// Sealer opens the stored credentials (STOREFRONT_CREDENTIALS_KEY; nil:
	// a brand with stored credentials cannot pay, and none can be set).
	Sealer *providers.Sealer
	// Platform is the platform's accounts a brand without its own uses
	// (nil: none); in dev a demo brand may have sandbox merchants of its
	// own here.
	Platform         func(brandID string) providers.Accounts
	PlatformCollects bool
	Now              func() time.Time
}

// credentialLabel binds a sealed account to its brand and kind: sealed
// for one, it does not open as another's.
func credentialLabel(brandID, kind string) string { return "credentials:" + brandID + ":" + kind }

// errNoCredentialsKey is a command or a payment that needs the sealing key
// while it is unset.
var errNoCredentialsKey = errors.New("checkout: STOREFRONT_CREDENTIALS_KEY is not set (32 bytes in base64): a brand's credentials can be neither sealed nor opened")

// Of are brand brandID's accounts: its own of each kind it has, the
// platform's of the others where the platform collects. A stored account
// that does not open (another key) is an error, never a fallback.
func (m *Merchants) Of(ctx context.Context, brandID string) (providers.Accounts, error) {
	var out providers.Accounts
	if m == nil {
		return out, nil
	}
	if m.PlatformCollects && m.Platform != nil {
		out = m.Platform(brandID)
	}
	if m.DB == nil {
		return out, nil
	}
	stored, err := m.DB.Credentials(ctx, brandID)
	if err != nil {
		return providers.Accounts{}, err
	}
	for _, c := range stored {
		a, err := m.open(brandID, c)
		if err != nil {
			return providers.Accounts{}, err
		}
		out.Take(c.Kind, a)
	}
	return out, nil
}

// open opens stored account c of brand brandID.
func (m *Merchants) open(brandID string, c data.Credential) (providers.Accounts, error) {
	if m.Sealer == nil {
		return providers.Accounts{}, errNoCredentialsKey
	}
	plain, err := m.Sealer.Open(credentialLabel(brandID, c.Kind), c.Sealed)
	if err != nil {
		return providers.Accounts{}, fmt.Errorf("checkout: brand %s's %s credentials do not open with STOREFRONT_CREDENTIALS_KEY: %w", brandID, c.Kind, err)
	}
	var vals map[string]string
	if err := json.Unmarshal(plain, &vals); err != nil {
		return providers.Accounts{}, fmt.Errorf("checkout: brand %s's %s credentials: %w", brandID, c.Kind, err)
	}
	var a providers.Accounts
	// checked when set; http stays as it was allowed then (dev)
	if _, problems := providers.ReadAccount(&a, c.Kind, func(n string) string { return vals[n] }, true); problems != nil {
		return providers.Accounts{}, fmt.Errorf("checkout: brand %s's %s credentials: %v", brandID, c.Kind, problems)
	}
	return a, nil
}

// Set stores brand brandID's account of kind from a credentials file
// (providers.ParseAccountFile; http gateways only when allowHTTP), sealed;
// it answers the account's merchant id. An unknown brand is
// CodeBrandNotFound; the file's problems never quote a secret.
func (m *Merchants) Set(ctx context.Context, brandID, kind string, file []byte, allowHTTP bool) (string, error) {
	if m.Sealer == nil {
		return "", errNoCredentialsKey
	}
	a, err := providers.ParseAccountFile(kind, file, allowHTTP)
	if err != nil {
		return "", err
	}
	plain, err := json.Marshal(a.AccountValues(kind))
	if err != nil {
		return "", err
	}
	id := a.MerchantID(kind)
	err = m.DB.PutCredential(ctx, brandID, data.Credential{Kind: kind, MerchantID: id,
		Sealed: m.Sealer.Seal(credentialLabel(brandID, kind), plain), UpdatedAt: m.Now()})
	return id, err
}

// List is brand brandID's stored accounts: kinds, merchant ids and when
// they were set, never their secrets.
func (m *Merchants) List(ctx context.Context, brandID string) ([]data.Credential, error) {
	if _, err := m.DB.LoadBrand(ctx, brandID); err != nil && storefront.AsError(err).Code == storefront.CodeBrandNotFound {
		return nil, err
	}
	list, err := m.DB.Credentials(ctx, brandID)
	for i := range list {
		list[i].Sealed = nil
	}
	return list, err
}

// Delete removes brand brandID's account of kind; it reports whether
// there was one.
func (m *Merchants) Delete(ctx context.Context, brandID, kind string) (bool, error) {
	return m.DB.DeleteCredential(ctx, brandID, kind)
}

package host

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"storefront"
	"time"

	"storefront/data"
	"storefront/host/wire"
	"storefront/rules"
)

// The loaders: what pages and API handlers read, the same function for
// both, so a page and its API call never disagree.

// reqCtx is one page request on its way through the host.
type reqCtx struct {
	r      *http.Request
	site   site
	brand  *data.Brand // nil on the index and for unknown brands
	route  *route
	params map[string]string
	query  url.Values
	member *member // the logged-in member of this brand, nil for a visitor
	// expires is when the loaded page stops being true (pageExpiry): the
	// page cache keeps it no longer
	expires time.Time
	// background: rendered ahead of visitors (page_warm.go), on a runtime no
	// visitor waits for
	background bool
	// captured: the document is kept for the page cache (renderPageTo),
	// which compresses it itself: it is written plain
	captured bool
}

func (rc *reqCtx) ctx() context.Context { return rc.r.Context() }

type loader func(s *Server, rc *reqCtx) (any, error)
type handler func(s *Server, w http.ResponseWriter, rc *reqCtx)

const (
	brandTTL      = 10 * time.Minute // in the two-tier cache
	brandLocalTTL = time.Minute      // decoded, in process
	viewLocalTTL  = time.Minute      // a catalogue read decoded, in process (viewed)
	viewLocalKeep = 256              // catalogue reads kept decoded, in process
)

func brandKey(id string) string { return "brand:" + id }

var brandIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// loadBrand returns the brand with its stores, domains and custom fields:
// every request needs it, so decoded brands are kept in process (read-only,
// shared by requests) in front of the two-tier cache.
func (s *Server) loadBrand(ctx context.Context, id string) (*data.Brand, error) {
	if b, ok := s.brands.Get(id); ok { // kept: its id passed the pattern
		return b, nil
	}
	if !brandIDPattern.MatchString(id) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeBrandNotFound}
	}
	var b data.Brand
	err := s.cache.Once(ctx, brandKey(id), &b, brandTTL, func() (any, error) {
		return s.db.LoadBrand(ctx, id)
	})
	if err != nil {
		return nil, err
	}
	b.Palette = rules.BrandPalette(s.colour(&b))
	s.brands.Add(id, &b)
	return &b, nil
}

// colour is the brand's corporate colour; a 'Bad Hex' is logged and falls
// back to the theme's colour.
func (s *Server) colour(b *data.Brand) string {
	c, err := rules.CorporateColour(b.WebBaseBackgroundColor)
	if err != nil {
		s.log.Error("brand colour", "brand", b.ID, "webBaseBackgroundColor", b.WebBaseBackgroundColor, "err", err)
		return rules.DefaultColour
	}
	return c
}

func homeInfoOf(b *data.Brand) wire.HomeInfo {
	return wire.HomeInfo{BrandID: b.ID, BrandName: b.Name, Logo: b.AppLogo, Description: b.Description}
}

func publicSettingOf(b *data.Brand) wire.PublicSetting {
	promote := wire.PromoteInfo{IOSAppLink: b.IOSAppLink, AndroidAppLink: b.AndroidAppLink}
	if !b.ModuleSet().Has(data.ModuleMobileApp) {
		promote = wire.PromoteInfo{} // no app to promote: no download banner (spec section 4: it needs both links)
	}
	return wire.PublicSetting{
		AdditionalModules:      b.Modules,
		BrandName:              b.Name,
		AppLogo:                b.AppLogo,
		WebBaseBackgroundColor: b.WebBaseBackgroundColor,
		BrandPromoteInfo:       promote,
		IsNewposStore:          b.IsNewposStore,
		StoreInfoList:          b.Stores,
	}
}

// itemList returns the brand's items sold today, cached per data version
// and day; shared (viewed): not to be changed.
func (s *Server) itemList(ctx context.Context, b *data.Brand) (*data.ItemList, error) {
	day := rules.Day(s.now())
	key := fmt.Sprintf("items:%s:%d:%s", b.ID, b.DataVersion, day)
	return viewed[data.ItemList](s, ctx, key, func() (any, error) { return s.db.ItemList(ctx, b.ID, b.ModuleSet(), day) })
}

// loadBrandHome is brand home's data: the items by type, the banners and,
// unless the page shows plans only (type=plan) or the brand has no
// activities, the promoted and coming activities.
func loadBrandHome(s *Server, rc *reqCtx) (any, error) {
	ctx := rc.ctx()
	h := &wire.BrandHome{Activities: []data.Activity{}}
	var err error
	if h.Items, err = s.itemList(ctx, rc.brand); err != nil {
		return nil, err
	}
	if h.Banners, err = s.banners(ctx, rc.brand); err != nil {
		return nil, err
	}
	if rc.brand.ModuleSet().Has(data.ModuleFindActivity) && rc.query.Get("type") != "plan" {
		if h.Activities, err = s.promoted(ctx, rc.brand, homeActivities); err != nil {
			return nil, err
		}
		// the list is cached per clock step: drop what started since
		h.Activities = rules.MergeActivities(s.now(), data.TeacherPerSize, h.Activities)
		h.Activities = rules.ForCards(h.Activities, data.CardSchedules)
	}
	return h, nil
}

// loadIndex is the index page's data. In the dev environment it lists the
// brands in service whose shop has a page to open; elsewhere the index is
// the service's landing page and names no brand.
func loadIndex(s *Server, rc *reqCtx) (any, error) {
	out := &wire.IndexPage{Listed: s.cfg.Env == "dev", Brands: []wire.IndexBrand{}}
	if !out.Listed {
		return out, nil
	}
	var brands []data.BrandSummary
	err := s.cache.Once(rc.ctx(), "brands", &brands, time.Minute, func() (any, error) {
		return s.db.ActiveBrands(rc.ctx())
	})
	if err != nil {
		return nil, err
	}
	list := []wire.IndexBrand{}
	for _, b := range brands {
		if rest, ok := home(b.Modules); ok {
			list = append(list, wire.IndexBrand{BrandSummary: b, Href: underBase("/"+b.ID, rest)})
		}
	}
	out.Brands = list
	return out, nil
}

// appDownloadRedirect sends a phone to its app store; anyone else goes to
// brand home, where the download-app dialog (?appDownload) offers the
// brand's app links and a QR code of this address, when the brand has an
// app.
func appDownloadRedirect(s *Server, w http.ResponseWriter, rc *reqCtx) {
	rest, _ := home(rc.brand.ModuleSet()) // a shop's: it has its activities
	target := underBase(rc.site.BasePath, rest)
	if rc.brand.IOSAppLink != "" || rc.brand.AndroidAppLink != "" {
		target = withQuery(target, "appDownload=1")
	}
	switch deviceOf(rc.r) {
	case "ios":
		if rc.brand.IOSAppLink != "" {
			target = rc.brand.IOSAppLink
		}
	case "android":
		if rc.brand.AndroidAppLink != "" {
			target = rc.brand.AndroidAppLink
		}
	}
	http.Redirect(w, rc.r, target, http.StatusFound)
}

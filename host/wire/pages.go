package wire

import (
	"storefront/data"
	"storefront/rules"
)

// The contract with the app: every value the host sends the browser (page
// props, page data, API answers) has its type here, and
// app/contract/generated/ is generated from this file, data/ and
// rules by TestContract (go test ./host -run TestContract -update).
// Change a type here, regenerate, and tsc shows every use to follow.

// PageProps is the one JSON value a page renders from: the same on the
// server render, in the hydration script and from a client navigation.
type PageProps struct {
	// Route is the route name of spec section 2, e.g. 'brandId-index'.
	Route string `json:"route" tstype:"RouteName"`
	// Page is the page module under app/pages, e.g. 'brand-home'.
	Page   string `json:"page" tstype:"PageName"`
	Layout string `json:"layout" tstype:"'default' | 'bare'"`
	// URL is the path and query as the visitor sees them.
	URL    string            `json:"url"`
	Params map[string]string `json:"params"`
	Query  map[string]string `json:"query"`
	// BasePath is '' on a custom domain, '/{brandId}' otherwise.
	BasePath string `json:"basePath"`
	// Origin is the scheme and host of the canonical site of this page.
	Origin       string `json:"origin"`
	Env          string `json:"env" tstype:"'dev' | 'staging' | 'preprod' | 'production'"`
	Device       string `json:"device" tstype:"'pc' | 'android' | 'ios'"`
	Webview      bool   `json:"webview"`
	BannerClosed bool   `json:"bannerClosed"`
	Year         int    `json:"year"`
	// ImageVersion is the version in resized images' URLs
	// (/_img/{version}/{width}/{path}, host/images.go).
	ImageVersion string      `json:"imageVersion"`
	Brand        *BrandProps `json:"brand" tstype:"BrandProps | null,required"`
	User         *UserInfo   `json:"user" tstype:"UserInfo | null,required"` // the logged-in member, null for a visitor
	Error        *ErrorInfo  `json:"error" tstype:"ErrorInfo | null,required"`
	// Nav is the navigation this brand and visitor get (host/nav.go).
	Nav  Navigation `json:"nav"`
	Data any        `json:"data" tstype:"unknown"`
}

type BrandProps struct {
	BrandID string `json:"brandId"`
	Colour  string `json:"colour"`
	// Palette: the shades the UI kit draws the brand with (AA contrast
	// whatever the brand picked; rules.BrandPalette).
	Palette  rules.Palette `json:"palette"`
	Settings PublicSetting `json:"settings"`
	Home     HomeInfo      `json:"home"`
}

type ErrorInfo struct {
	Status  int    `json:"status"`
	Message string `json:"message"`
	// Routing: a 404 because no route matches the path (its own text,
	// spec section 2).
	Routing bool `json:"routing"`
	// RequestID is shown small on a 5xx page, so a report can be found in
	// the logs.
	RequestID string `json:"requestId"` // "" below 5xx
}

// NavLink is one link of the navigation the host sends with a page: key
// names its label in the app (app/strings), href is the path on this site
// (with the brand prefix, or without it on a custom domain).
type NavLink struct {
	Key  string `json:"key"`
	Href string `json:"href"`
}

// Navigation lists the links a brand and visitor get, each checked against
// the route guards (host/nav.go): the app renders them and re-derives no
// guard.
type Navigation struct {
	// Header: the shop's sections in the header bar.
	Header []NavLink `json:"header"`
	// Member: the member menu (the header's menu and the member centre's
	// tabs); empty for a visitor.
	Member []NavLink `json:"member"`
	// Links: other member-centre pages the member pages link to.
	Links []NavLink `json:"links"`
	// Home: the brand's landing page (its "back to the shop" links), ""
	// when the brand has no page.
	Home string `json:"home"`
}

// Envelope is every JSON answer: errorCode 0 and data on success, the
// catalogue code and its message on failure, with the request's field the
// failure is about when it is one (a form shows the message there).
type Envelope struct {
	ErrorCode int    `json:"errorCode"`
	Message   string `json:"message"`
	Field     string `json:"field,omitempty"`
	Data      any    `json:"data" tstype:"unknown"`
}

// HomeInfo is the brand outlook of GET .../home/info.
type HomeInfo struct {
	BrandID     string `json:"brandId"`
	BrandName   string `json:"brandName"`
	Logo        string `json:"logo"`
	Description string `json:"description"`
}

// PublicSetting is the brand settings of spec section 3.
type PublicSetting struct {
	AdditionalModules      []string     `json:"additionalModules"`
	BrandName              string       `json:"brandName"`
	AppLogo                string       `json:"appLogo"`
	WebBaseBackgroundColor string       `json:"webBaseBackgroundColor"`
	BrandPromoteInfo       PromoteInfo  `json:"brandPromoteInfo"`
	IsNewposStore          bool         `json:"isNewposStore"`
	StoreInfoList          []data.Store `json:"storeInfoList"`
}

type PromoteInfo struct {
	IOSAppLink     string `json:"iosAppLink"`
	AndroidAppLink string `json:"androidAppLink"`
}

// UserInfo is the member as the API and the page props show them (the
// data of GET /api/v3/webUser/brand/{brandId}/user/{userId}).
type UserInfo struct {
	UserID        int64             `json:"userId"`
	BrandID       string            `json:"brandId"`
	Email         string            `json:"email"`
	Name          string            `json:"name"`
	EmailVerified bool              `json:"emailVerified"`
	Unsubscribed  bool              `json:"unsubscribed"`
	CustomFields  map[string]string `json:"customFields"`
	// MissingFields are the brand's required fields the member has not
	// filled (the complete-info dialog asks for them).
	MissingFields []string `json:"missingFields"`
}

// Unsubscribed answers the one-click unsubscribe: that it worked, and
// nothing of the member (the token is the only proof its holder gives).
type Unsubscribed struct {
	Unsubscribed bool `json:"unsubscribed"`
}

// IndexBrand is one brand on the index page, linked to its landing page.
type IndexBrand struct {
	data.BrandSummary `tstype:",extends,required"`
	Href              string `json:"href"`
}

// BrandHome is brand home's data: the items, the banners and, when the
// brand shows activities, the promoted and coming ones.
type BrandHome struct {
	Items      *data.ItemList  `json:"items" tstype:",required"`
	Banners    []data.Banner   `json:"banners"`
	Activities []data.Activity `json:"activities"`
}

// ActivityList is the activity page's data (spec section 4): the normal and
// the term activities loaded in parallel and merged. Loaded is set whether
// or not a list failed; Failed says one did.
type ActivityList struct {
	List       []data.Activity `json:"list"`
	PageNumber int             `json:"pageNumber"`
	PageSize   int             `json:"pageSize"`
	TotalPages int             `json:"totalPages"`
	Loaded     bool            `json:"loaded"`
	Failed     bool            `json:"failed"`
}

// SearchFilter is a search's conditions as the visitor gave them.
type SearchFilter struct {
	Keyword    string `json:"keyword"`
	StartDate  string `json:"startDate"`
	EndDate    string `json:"endDate"`
	StoreID    int64  `json:"storeId"`
	TeacherID  int64  `json:"teacherId"`
	CategoryID int64  `json:"categoryId"`
	PageNumber int    `json:"pageNumber"`
	PageSize   int    `json:"pageSize"`
}

// Condition is what a search can filter by.
type Condition struct {
	StoreList    []data.Store    `json:"storeList"`
	TeacherList  []data.Teacher  `json:"teacherList"`
	CategoryList []data.Category `json:"categoryList"`
}

// SearchPage is the search result page's data.
type SearchPage struct {
	Filter    SearchFilter              `json:"filter"`
	Condition *Condition                `json:"condition" tstype:",required"`
	Result    *data.Page[data.Activity] `json:"result" tstype:",required"`
}

// ItemPage is the item detail page's data: the item, whether it was taken
// off the shelf, whether buying it asks for a signed e-contract first, and
// other items of its type to suggest.
type ItemPage struct {
	Item     *data.Item  `json:"item" tstype:",required"`
	OffShelf bool        `json:"offShelf"`
	Contract bool        `json:"contract"`
	Others   []data.Item `json:"others"`
}

// TimingCard is the timing card's points (spec section 4) and their
// records: the minutes used and added back on the member's counting
// passcards, newest first (the cards themselves are /user/countingPasscard's).
type TimingCard struct {
	Uses      []data.CountingUse `json:"uses"`
	Remain    int                `json:"remain"`
	NotActive int                `json:"notActive"`
}

// IndexPage is the index page's data: the brands, listed in the dev
// environment only.
type IndexPage struct {
	Listed bool         `json:"listed"`
	Brands []IndexBrand `json:"brands"`
}

// TermListPage is the term schedule list's data.
type TermListPage struct {
	TermSchedules []data.TermSchedule `json:"termSchedules"`
}

// TermPage is a term class or intro page's data.
type TermPage struct {
	TermSchedule data.TermSchedule `json:"termSchedule"`
}

// MemberCentrePage is /user: what the member holds, counted, and the
// brand's custom fields for the profile form.
type MemberCentrePage struct {
	Summary *data.MemberSummary `json:"summary" tstype:",required"`
	Fields  []data.CustomField  `json:"fields"`
	// Pending are the member's orders waiting for the bank or for payment.
	Pending []data.PendingOrder `json:"pending"`
	// Orders are the newest of the member's order history (at most
	// data.MemberOrdersShown): paid (with their e-invoices and refunds)
	// and closed unpaid; MoreOrders, whether older ones follow (GET
	// /api/user/orders lists them).
	Orders     []data.MemberOrder `json:"orders"`
	MoreOrders bool               `json:"moreOrders"`
}

// MemberOrders is GET /api/user/orders: the next orders of the member's
// history, older than the one it was asked after, and whether older ones
// follow.
type MemberOrders struct {
	Orders []data.MemberOrder `json:"orders"`
	More   bool               `json:"more"`
}

// MemberPasscardsPage is /user/passcard.
type MemberPasscardsPage struct {
	Passcards []data.MemberPasscard `json:"passcards"`
}

// MemberTicketsPage is /user/ticket.
type MemberTicketsPage struct {
	Tickets []data.MemberTicket `json:"tickets"`
}

// CountingPasscardsPage is /user/countingPasscard.
type CountingPasscardsPage struct {
	Records []data.CountingPasscard `json:"records"`
}

// TimingPlansPage is /user/timingcard/plans: the counting passcards on sale.
type TimingPlansPage struct {
	Plans []data.Item `json:"plans"`
}

package renderer

import (
	"regexp"
	"strings"
	"testing"
)

// TestAppBundleRenders renders the real app's brand home in goja: head tags
// come out separately, the critical CSS covers the classes used, and props
// text is escaped.
func TestAppBundleRenders(t *testing.T) {
	b, err := Embedded()
	if err != nil {
		t.Skip("bundles not built (make build)")
	}
	p, err := NewPool(b.Server, Options{Size: 1, Log: quiet(), Pages: b.Manifest.PageNames()})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	props := `{"route":"brandId-index","page":"brand-home","layout":"default","url":"/demo","params":{},"query":{},
	"basePath":"/demo","origin":"http://localhost","env":"dev","device":"pc","webview":false,"bannerClosed":false,"year":2026,
	"brand":{"brandId":"demo","colour":"#1B8A7A","settings":{"additionalModules":["WEB_SHOP"],"brandName":"森活","appLogo":"",
	"webBaseBackgroundColor":"FF1B8A7A","brandPromoteInfo":{"iosAppLink":"","androidAppLink":""},"isNewposStore":false,"storeInfoList":[]},
	"home":{"brandId":"demo","brandName":"森活","logo":"","description":""}},"error":null,
	"nav":{"header":[{"key":"activities","href":"/demo/activitys"}],"member":[],"links":[]},
	"data":{"items":{"countingPasscardProjectInfoList":[],"custPointProjectInfoList":[],"quantityPasscardProjectInfoList":[],
	"passcardProjectInfoList":[{"id":1,"type":"passcard","name":"<script>alert(1)</script>","price":1234567,"description":"","activationType":"IMMEDIATELY","image":"","storeIds":[]}]}}}`
	l, _ := p.Acquire(t.Context())
	res, err := l.Render([]byte(props))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Head, "<title>森活") {
		t.Errorf("head = %q; want the page title", res.Head)
	}
	if strings.Contains(res.HTML, "<title>") {
		t.Error("the title stayed in the body")
	}
	if strings.Contains(res.HTML, "<script>alert") || !strings.Contains(res.HTML, "&lt;script&gt;") {
		t.Error("item name not escaped")
	}
	if !strings.Contains(res.HTML, "NT$ 1,234,567") {
		t.Error("price not formatted with thousands separators")
	}
	if !strings.Contains(res.CSS, "box-sizing") {
		t.Error("global styles missing from the critical CSS")
	}
	// every emotion class the HTML uses has its rule in the critical CSS
	for _, m := range regexp.MustCompile(`css-[a-z0-9]+`).FindAllString(res.HTML, -1) {
		if !strings.Contains(res.CSS, "."+m) {
			t.Errorf("class %s used but its rule is missing from the critical CSS", m)
		}
	}
}

package main

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/host/config"
	"storefront/providers"
)

// The checkout row: whole purchases per second through a host in the dev
// environment (its payment sandboxes on), each one precheck, order creation
// (sale/payment), the payment page, the NewebPay sandbox's card payment and
// its notification to the host's NotifyURL (the paying transaction: the
// pass, the receipt in the outbox). The gateway is a sandbox in this
// process with the host's dev credentials, so its card page costs the host
// nothing.

var (
	benchHidden = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)
	benchToken  = regexp.MustCompile(`name="token" value="([0-9]+)"`)
	benchOrder  = regexp.MustCompile(`"orderNo":"([A-Z2-7]+)","amount":\d+,"paymentUrl":"([^"]+)"`)
)

// checkoutRate runs conns buyers for d against base and returns the paid
// orders per second and the p50 and p99 of one whole purchase (ms). The
// buyers are a member of their own (benchBuyerEmail): the demo member's
// centre, measured later, keeps the order history the bench gives it
// rather than the row's thousand passes and orders.
func checkoutRate(ctx context.Context, dbURL, base string, conns int, d time.Duration) (rate, p50, p99 float64, err error) {
	if err := makeBuyer(ctx, dbURL); err != nil {
		return 0, 0, 0, err
	}
	gateway := httptest.NewServer(providers.NewNewebPaySandbox(config.SandboxNewebPay, &http.Client{Timeout: 20 * time.Second}))
	defer gateway.Close()
	var ok atomic.Int64
	var mu sync.Mutex
	var times []float64
	var firstErr error
	deadline := time.Now().Add(d)
	var wg sync.WaitGroup
	started := time.Now()
	for range conns {
		wg.Go(func() {
			b, err := newBenchBuyer(base)
			for err == nil && time.Now().Before(deadline) {
				t0 := time.Now()
				if err = b.buy(gateway.URL); err == nil {
					ok.Add(1)
					mu.Lock()
					times = append(times, ms(time.Since(t0)))
					mu.Unlock()
				}
			}
			if err != nil {
				mu.Lock()
				firstErr = errors.Join(firstErr, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(times) == 0 {
		return 0, 0, 0, fmt.Errorf("no purchase completed: %w", firstErr)
	}
	sort.Float64s(times)
	return float64(ok.Load()) / time.Since(started).Seconds(), times[len(times)/2], times[len(times)*99/100], firstErr
}

// benchBuyerEmail is the checkout row's member.
const benchBuyerEmail = "buyer@bench.test"

// makeBuyer adds the checkout row's member to the demo brand: the demo
// member's details and password under another e-mail.
func makeBuyer(ctx context.Context, dbURL string) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `
		insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at)
		select brand_id, $2, name, phone, password_hash, custom_values, now() from users
		 where brand_id = 'demo' and email = $1 and deleted_at is null
		on conflict do nothing`, demoMember, benchBuyerEmail)
	return err
}

// benchBuyer is the checkout row's member logged in on its own cookie jar.
type benchBuyer struct {
	base   string
	client *http.Client
	item   string // the purchase's JSON body
}

func newBenchBuyer(base string) (*benchBuyer, error) {
	jar, _ := cookiejar.New(nil)
	b := &benchBuyer{base: base, client: &http.Client{Jar: jar, Timeout: 20 * time.Second}}
	session, err := loginAs(base, benchBuyerEmail)
	if err != nil {
		return nil, err
	}
	u, _ := url.Parse(base)
	jar.SetCookies(u, []*http.Cookie{{Name: "web_ec_sessionId", Value: session}})
	// the demo's 季卡通行卡 (IMMEDIATELY, NT$7,200) in its first store, at
	// the price the catalogue shows (the warm row raises every price)
	body, err := b.do("GET", "/api/v2/ec/brands/demo/commodity/list?itemType=passcard&pageSize=50", "", "")
	if err != nil {
		return nil, err
	}
	m := regexp.MustCompile(`"id":(\d+),"type":"passcard","name":"季卡通行卡","price":(\d+)`).FindStringSubmatch(body)
	if m == nil {
		return nil, fmt.Errorf("no 季卡通行卡 in the demo catalogue")
	}
	stores, err := b.do("GET", "/api/brand/demo/stores", "", "")
	if err != nil {
		return nil, err
	}
	s := regexp.MustCompile(`"storeId":(\d+)`).FindStringSubmatch(stores)
	if s == nil {
		return nil, fmt.Errorf("no store: %s", stores)
	}
	b.item = fmt.Sprintf(`{"kind":"item","itemType":"passcard","itemId":%s,"storeId":%s,"quantity":1,"price":%s,"payWay":"2","acceptTerms":true}`, m[1], s[1], m[2])
	return b, nil
}

// do sends a request of the buyer and returns the body of a 2xx answer.
func (b *benchBuyer) do(method, target, contentType, body string) (string, error) {
	if !strings.HasPrefix(target, "http") {
		target = b.base + target
	}
	req, err := http.NewRequest(method, target, strings.NewReader(body))
	if err != nil {
		return "", err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	res, err := b.client.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		return "", fmt.Errorf("%s %s: %s %.200s", method, target, res.Status, out)
	}
	return string(out), nil
}

// buy makes one purchase: precheck, order, payment page, the gateway's
// card form and payment (which notifies the host before it answers).
func (b *benchBuyer) buy(gateway string) error {
	if _, err := b.do("POST", "/api/brand/demo/sale/precheck", "application/json", b.item); err != nil {
		return err
	}
	answer, err := b.do("POST", "/api/brand/demo/sale/payment", "application/json", b.item)
	if err != nil {
		return err
	}
	m := benchOrder.FindStringSubmatch(answer)
	if m == nil {
		return fmt.Errorf("sale/payment: %.200s", answer)
	}
	page, err := b.do("GET", m[2], "", "")
	if err != nil {
		return err
	}
	form := url.Values{}
	for _, f := range benchHidden.FindAllStringSubmatch(page, -1) {
		form.Add(f[1], html.UnescapeString(f[2]))
	}
	const formType = "application/x-www-form-urlencoded"
	card, err := b.do("POST", gateway+"/MPG/mpg_gateway", formType, form.Encode())
	if err != nil {
		return err
	}
	t := benchToken.FindStringSubmatch(card)
	if t == nil {
		return fmt.Errorf("gateway: %.200s", card)
	}
	_, err = b.do("POST", gateway+"/MPG/pay", formType,
		url.Values{"token": {t[1]}, "CardNo": {providers.TestCardApproved}, "Exp": {"12/30"}, "CVC": {"123"}}.Encode())
	if err != nil {
		return err
	}
	result, err := b.do("GET", "/api/v2/ec/payment/result/"+m[1], "", "")
	if err != nil {
		return err
	}
	if !strings.Contains(result, `"state":"paid"`) {
		return fmt.Errorf("order %s not paid: %.200s", m[1], result)
	}
	return nil
}

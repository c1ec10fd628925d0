package host

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/host/config"
	"storefront/providers"
)

// TestKillDuringPayment (process level): the storefront killed with
// SIGKILL while it applies NewebPay's notification (inside the paying
// transaction: the order marked paid, its pass not yet written) leaves
// nothing half-written; after a restart the gateway's retry pays the order
// once: one pass, one receipt, one payment event.
func TestKillDuringPayment(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dbURL := dbtest.URL(t)
	p := startStorefront(t, dbURL)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 20 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	post := func(path, body string) string {
		t.Helper()
		res, err := client.Post(p.base+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
		return string(b)
	}
	post("/api/session/login", fmt.Sprintf(`{"brandId":"demo","email":"member@example.com","password":"%s"}`, md5hex("demo1234")))
	ctx := context.Background()
	db, err := data.Open(ctx, dbURL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var itemID, storeID int64
	db.Pool.QueryRow(ctx, `select i.id, (select min(id) from stores where brand_id = 'demo') from items i
		where i.brand_id = 'demo' and i.name = '季卡通行卡'`).Scan(&itemID, &storeID)
	answer := post("/api/brand/demo/sale/payment", fmt.Sprintf(`{"kind":"item","itemType":"passcard","itemId":%d,"storeId":%d,
		"quantity":1,"price":7200,"payWay":"2","acceptTerms":true}`, itemID, storeID))
	m := regexp.MustCompile(`"orderNo":"([A-Z2-7]+)","amount":7200,"paymentUrl":"([^"]+)"`).FindStringSubmatch(answer)
	if m == nil {
		t.Fatalf("sale/payment: %s", answer)
	}
	orderNo := m[1]
	res, err := client.Get(p.base + m[2])
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	_, fields := formOf(t, string(page))

	// the gateway: a sandbox of the test's with the same (public, dev)
	// credentials, whose notification the test keeps to deliver itself
	var mu sync.Mutex
	var notification string
	keep := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		notification = string(b)
		mu.Unlock()
		return nil, errors.New("not delivered: the test delivers it")
	})
	gateway := httptest.NewServer(providers.NewNewebPaySandbox(config.SandboxNewebPay, &http.Client{Transport: keep}))
	defer gateway.Close()
	res, err = http.PostForm(gateway.URL+"/MPG/mpg_gateway", fields)
	if err != nil {
		t.Fatal(err)
	}
	form, _ := io.ReadAll(res.Body)
	res.Body.Close()
	token := regexp.MustCompile(`name="token" value="([0-9]+)"`).FindStringSubmatch(string(form))
	if token == nil {
		t.Fatalf("gateway: %s", form)
	}
	res, err = http.PostForm(gateway.URL+"/MPG/pay", url.Values{"token": {token[1]}, "CardNo": {providers.TestCardApproved}, "Exp": {"12/30"}, "CVC": {"123"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	mu.Lock()
	body := notification
	mu.Unlock()
	if body == "" {
		t.Fatal("the gateway sent no notification")
	}

	// hold the pass table so the paying transaction stops inside, after
	// marking the order paid; deliver; kill the process while it waits
	lock, err := db.Pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(ctx, `lock table member_passcards in share mode`); err != nil {
		t.Fatal(err)
	}
	notify := func() (int, error) {
		res, err := http.Post(p.base+demoNotifyPath, formType, strings.NewReader(body))
		if err != nil {
			return 0, err
		}
		res.Body.Close()
		return res.StatusCode, nil
	}
	done := make(chan error, 1)
	go func() { _, err := notify(); done <- err }()
	var waiting int
	for deadline := time.Now().Add(20 * time.Second); waiting == 0 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		db.Pool.QueryRow(ctx, `select count(*) from pg_stat_activity where datname = current_database()
			and wait_event_type = 'Lock' and query like 'insert into member_passcards%'`).Scan(&waiting)
	}
	if waiting == 0 {
		t.Fatal("the notification never reached the paying transaction")
	}
	p.kill()
	if err := <-done; err == nil {
		t.Fatal("the notification was answered: the process was not killed before its answer")
	}
	lock.Rollback(ctx)

	state := func() (string, int, int, int) {
		var st string
		var passes, mails, paid int
		db.Pool.QueryRow(ctx, `select o.state,
			(select count(*) from member_passcards where order_id = o.id),
			(select count(*) from mail_outbox where subject like '%付款成功%'),
			(select count(*) from order_events where order_id = o.id and to_state = 'paid')
			from orders o where o.number = $1`, orderNo).Scan(&st, &passes, &mails, &paid)
		return st, passes, mails, paid
	}
	if st, passes, mails, paid := state(); st != data.OrderAwaitingPayment || passes != 0 || mails != 0 || paid != 0 {
		t.Fatalf("after the kill: %s, %d passes, %d receipts, %d payment events; want nothing written", st, passes, mails, paid)
	}

	p = startStorefront(t, dbURL) // restarted on the same database
	for i := range 3 {            // the gateway's retries
		if code, err := notify(); err != nil || code != 200 {
			t.Fatalf("retry %d: %d %v", i, code, err)
		}
	}
	if st, passes, mails, paid := state(); st != data.OrderPaid || passes != 1 || mails != 1 || paid != 1 {
		t.Fatalf("after the retries: %s, %d passes, %d receipts, %d payment events; want paid once", st, passes, mails, paid)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

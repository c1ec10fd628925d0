package host

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/demo"
)

// TestChildProcess is not a test: TestKillDuringRegistrations runs the
// test binary again with STOREFRONT_TEST_CHILD=1 to get a storefront
// process it can kill -9. It prints the listening address.
func TestChildProcess(t *testing.T) {
	if os.Getenv("STOREFRONT_TEST_CHILD") != "1" {
		t.Skip("the child process of TestKillDuringRegistrations")
	}
	ready := make(chan string, 1)
	go func() {
		fmt.Println("LISTENING", <-ready)
	}()
	err := Run(context.Background(), os.Getenv, os.Stderr, ready, Fixtures{LoadIfEmpty: demo.LoadIfEmpty})
	t.Fatal(err)
}

// TestKillDuringRegistrations (process level): a storefront process killed
// with SIGKILL in the middle of registrations leaves every member it
// created with a verification token and a queued (or sent) mail.
func TestKillDuringRegistrations(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	dbURL := dbtest.URL(t)
	p := startStorefront(t, dbURL)
	base := p.base

	var ok atomic.Int64
	var wg sync.WaitGroup
	stop := make(chan struct{})
	client := &http.Client{Timeout: 10 * time.Second}
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				body := fmt.Sprintf(`{"brandId":"demo","email":"k%d-%d@example.com","password":"%s","name":"王小明","acceptTerms":true,
					"customFields":{"phone":"0912-000-111","birthday":"1990-05-17"}}`, g, i, md5hex("secret-1"))
				req, _ := http.NewRequest("POST", base+"/api/session/register", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Origin", base)
				res, err := client.Do(req)
				if err != nil {
					return // killed
				}
				if res.StatusCode == 200 {
					ok.Add(1)
				}
				res.Body.Close()
			}
		}()
	}
	for deadline := time.Now().Add(30 * time.Second); ok.Load() < 20 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	p.kill()
	close(stop)
	wg.Wait()
	if ok.Load() < 20 {
		t.Fatalf("only %d registrations succeeded before the kill", ok.Load())
	}

	ctx := context.Background()
	db, err := data.Open(ctx, dbURL, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var members, orphans int
	err = db.Pool.QueryRow(ctx, `select count(*),
		count(*) filter (where not exists (select 1 from user_tokens k where k.user_id = u.id and k.purpose = 'verify')
			or not exists (select 1 from mail_outbox m where m.user_id = u.id and m.purpose = 'verify'))
		from users u where email like 'k%@example.com'`).Scan(&members, &orphans)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d answered registrations, %d members in the database after kill -9", ok.Load(), members)
	if members < int(ok.Load()) || orphans != 0 {
		t.Fatalf("%d members (%d answered), %d without a verification token or mail", members, ok.Load(), orphans)
	}
}

// storefrontProcess is the storefront binary (the test binary's
// TestChildProcess) running on a database of the test's.
type storefrontProcess struct {
	cmd  *exec.Cmd
	base string
}

// startStorefront starts a storefront process (this test binary as
// TestChildProcess) on dbURL, on a free port, with env added; it is killed
// when the test ends.
func startStorefront(t *testing.T, dbURL string, env ...string) *storefrontProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "STOREFRONT_TEST_CHILD=1", "DATABASE_URL="+dbURL, "PORT=0", "STOREFRONT_ENV=dev",
		"STOREFRONT_DEMO=1", "STOREFRONT_RENDERERS=1", "REDIS_URL=", "SMTP_HOST=", "LOG_LEVEL=error", "STOREFRONT_PUBLIC_URL=",
		"STOREFRONT_CATALOGUE_IMAGES="+t.TempDir(),
		"STOREFRONT_RENDER_TIMEOUT="+testRenderWait.String(), "STOREFRONT_RENDER_QUEUE="+testRenderWait.String())
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &storefrontProcess{cmd: cmd}
	t.Cleanup(func() { p.kill() })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "LISTENING "); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		_, port, _ := strings.Cut(strings.Replace(a, "[::]", "", 1), ":")
		p.base = "http://localhost:" + port // dev's public origin on the port picked
	case <-time.After(5 * time.Minute): // its start on a loaded machine
		t.Fatal("the storefront did not start")
	}
	return p
}

func (p *storefrontProcess) kill() {
	if p.cmd.ProcessState == nil {
		p.cmd.Process.Signal(syscall.SIGKILL)
		p.cmd.Wait()
	}
}

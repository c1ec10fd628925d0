package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jackc/pgx/v5"

	"storefront/data"
)

// The member centre's first visits. The member-centre row asks for one
// member's page again and again, so each runtime keeps that member's
// parts (entry-server's kept parts) after its second render. In
// production a member's centre is rendered on the server when the member
// opens the site on it (the app's webview, a link, a reload): another
// member's page nearly every time. This row asks for visitorCount members'
// centres, each once, beside Node's renderToString of one of them.

const (
	visitorCount  = 10000 // more than the row asks for in its rounds
	visitorOrders = 10    // each visitor's order history: the page's list shows as many
)

// makeVisitors adds visitorCount members of the demo brand (the demo
// member's details and password under other e-mails), each with an order
// history and a session, and writes their session ids to a file, one a
// line; it returns the file and the first id.
func makeVisitors(ctx context.Context, dbURL, dir string) (file, first string, err error) {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return "", "", err
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, `
		insert into users (brand_id, email, name, phone, password_hash, custom_values, email_verified_at)
		select u.brand_id, 'visit' || g || '@bench.test', '會員' || g, u.phone, u.password_hash, u.custom_values, now()
		  from users u, generate_series(1, $1) g
		 where u.brand_id = 'demo' and u.email = $2 and u.deleted_at is null
		returning id`, visitorCount, demoMember)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return "", "", err
	}
	if len(ids) != visitorCount {
		return "", "", fmt.Errorf("visitors: made %d members", len(ids))
	}
	if err := giveOrderHistories(ctx, dbURL, "visit%@bench.test", visitorOrders); err != nil {
		return "", "", err
	}
	secrets := make([]string, len(ids))
	hashes := make([][]byte, len(ids))
	for i := range ids {
		secrets[i] = data.NewSecret(32)
		hashes[i] = data.SecretHash(secrets[i])
	}
	if _, err := conn.Exec(ctx, `
		insert into sessions (id_hash, brand_id, user_id, created_at, expires_at, user_agent)
		select h, 'demo', u, now(), now() + interval '1 day', 'bench' from unnest($1::bytea[], $2::bigint[]) as t(h, u)`, hashes, ids); err != nil {
		return "", "", err
	}
	// statistics, as a production database's have them (bookingRows does
	// the same for its members)
	if _, err := conn.Exec(ctx, `analyze users, sessions, orders, invoices, refunds`); err != nil {
		return "", "", err
	}
	file = filepath.Join(dir, "visitors.txt")
	return file, secrets[0], os.WriteFile(file, []byte(strings.Join(secrets, "\n")+"\n"), 0o600)
}

// visitorRow measures the member centre asked for by another member each
// time, on the uncached host (pid) at base.
func visitorRow(ctx context.Context, dbURL, base, dir string, pid int, add func(row)) error {
	file, first, err := makeVisitors(ctx, dbURL, dir)
	if err != nil {
		return err
	}
	props, err := fetch(base+"/user", "Host", benchHost, "Cookie", "web_ec_sessionId="+first, propsHeaderName, "1")
	if err != nil {
		return fmt.Errorf("a visitor's member centre: %w", err)
	}
	propsFile := filepath.Join(dir, "props-visitor.json")
	if err := os.WriteFile(propsFile, props, 0o644); err != nil {
		return err
	}
	n50, _, err := nodeRenderTimes(propsFile)
	if err != nil {
		return err
	}
	settle()
	before := cpuTicks(pid)
	rps, p50, p99, n, err := wrkWith("", "bench/visitors.lua", []string{"SESSIONS=" + file}, base+"/user", 4)
	if err != nil {
		return err
	}
	if n > visitorCount {
		return fmt.Errorf("visitors: %d requests for %d members: raise visitorCount", n, visitorCount)
	}
	cpu := float64(cpuTicks(pid)-before) * 1000 / clockTicks / float64(max(n, 1))
	add(row{
		what:     "15.1 member centre, another member each request (first visits), page cache off: CPU per page",
		value:    fmt.Sprintf("%.2f ms CPU (%s; %d members, %d KB props)", cpu, fmtLoad(rps, p50, p99), n, len(props)/1024),
		baseline: fmt.Sprintf("N renderToString p50 %.2f ms", n50),
		budget:   "none: what production's member centre costs (the row above, one member again and again, has issue 35's)",
		verdict:  fmt.Sprintf("%.1f× Node", cpu/n50),
	})
	return nil
}

package main

import (
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

var warmOnly = flag.Bool("warm-only", false, "measure the warm-up row only (pages rendered again after a catalogue change)")

// crawlURLs reads every page URL of the sitemaps: base's /sitemap.xml (an
// index of the brands' sitemaps on the shared host, each maybe an index of
// parts) and /sitemap.xml of each custom domain (hosts, as base answers
// for them).
func crawlURLs(base string, hosts []string) ([]*url.URL, error) {
	var pages []*url.URL
	var walk func(u *url.URL) error
	walk = func(u *url.URL) error {
		b, err := fetch(base+u.RequestURI(), "Host", u.Host)
		if err != nil {
			return fmt.Errorf("sitemap %s: %w", u, err)
		}
		var doc struct {
			XMLName  xml.Name
			Sitemaps []struct {
				Loc string `xml:"loc"`
			} `xml:"sitemap"`
			URLs []struct {
				Loc string `xml:"loc"`
			} `xml:"url"`
		}
		if err := xml.Unmarshal(b, &doc); err != nil {
			return fmt.Errorf("sitemap %s: %w", u, err)
		}
		for _, s := range doc.Sitemaps {
			v, err := url.Parse(s.Loc)
			if err != nil {
				return err
			}
			if err := walk(v); err != nil {
				return err
			}
		}
		for _, p := range doc.URLs {
			v, err := url.Parse(p.Loc)
			if err != nil {
				return err
			}
			pages = append(pages, v)
		}
		return nil
	}
	root, _ := url.Parse(base + "/sitemap.xml")
	if err := walk(root); err != nil {
		return nil, err
	}
	for _, h := range hosts {
		if err := walk(&url.URL{Scheme: "http", Host: h, Path: "/sitemap.xml"}); err != nil {
			return nil, err
		}
	}
	return pages, nil
}

// crawl asks base for every page (as its URL's host), one at a time as a
// crawler does, and counts the answers the page cache served.
func crawl(base string, pages []*url.URL) (cached, total int, err error) {
	for _, u := range pages {
		req, _ := http.NewRequest("GET", base+u.RequestURI(), nil)
		req.Host = u.Host
		req.Header.Set("Accept-Encoding", "br, gzip")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return cached, total, err
		}
		res.Body.Close()
		total++
		switch res.Header.Get("X-Page-Cache") {
		case "hit", "stale", "shared":
			cached++
		}
	}
	return cached, total, nil
}

var warmQueueMetric = regexp.MustCompile(`(?m)^storefront_page_warm_queue (\S+)$`)
var warmRendersMetric = regexp.MustCompile(`(?m)^storefront_page_warm_renders_total (\S+)$`)

func metricOf(base string, re *regexp.Regexp) float64 {
	b, err := fetch(base + "/metrics")
	if err != nil {
		return -1
	}
	m := re.FindSubmatch(b)
	if m == nil {
		return -1
	}
	v, _ := strconv.ParseFloat(string(m[1]), 64)
	return v
}

// warmRow: a crawl of every public page of every demo
// brand (their sitemaps) right after a catalogue change of every brand,
// the share served from the page cache. A first crawl is the traffic the
// host counts its visited pages from; the change bumps every brand's data
// version (one statement: one notification per brand), the host renders
// the visited pages again in the background, and the crawl follows.
func warmRow(ctx context.Context, dbURL, base string, add func(row)) error {
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	rows, _ := conn.Query(ctx, `select host from brand_domains where env = 'production'`)
	hosts, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return err
	}
	pages, err := crawlURLs(base, hosts)
	if err != nil {
		return err
	}
	if _, _, err := crawl(base, pages); err != nil { // the visits the host counts
		return err
	}
	before := metricOf(base, warmRendersMetric)
	if _, err := conn.Exec(ctx, `update items set price = price + 1`); err != nil {
		return err
	}
	// right after the change: wait until the warm-up has started and its
	// queue is empty (at most a minute), then crawl
	t0 := time.Now()
	for time.Since(t0) < time.Minute {
		if metricOf(base, warmRendersMetric) > before && metricOf(base, warmQueueMetric) == 0 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	took := time.Since(t0)
	warmed := metricOf(base, warmRendersMetric) - before
	cached, total, err := crawl(base, pages)
	if err != nil {
		return err
	}
	share := float64(cached) / float64(max(total, 1))
	add(row{
		what:     "15.5 crawl of every public page after a catalogue change",
		value:    fmt.Sprintf("%d of %d pages from the cache (%.1f%%)", cached, total, 100*share),
		baseline: fmt.Sprintf("%.0f pages rendered again in %.1f s before the crawl", warmed, took.Seconds()),
		budget:   "≥ 95% from the cache",
		verdict:  verdict(share >= 0.95, fmt.Sprintf("%.1f%%", 100*share)),
	})
	return nil
}

package host

import (
	"context"
	"math"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"storefront/data"
	"storefront/outbox"
)

// jobsCollector reports the outbox's open jobs per kind, read from the
// database at each scrape (every host sees the same queue).
type jobsCollector struct {
	db  *data.DB
	now func() time.Time // the server's clock, which jobs fall due by
}

var (
	jobsQueued = prometheus.NewDesc("storefront_jobs_queued",
		"Outbox jobs not yet done, by kind: due, running or waiting for a retry.", []string{"kind"}, nil)
	jobsDue = prometheus.NewDesc("storefront_jobs_due",
		"Outbox jobs due and not taken by a worker, by kind: the queue's backlog.", []string{"kind"}, nil)
	jobsDead = prometheus.NewDesc("storefront_jobs_dead",
		"Outbox jobs given up after failing too often, by kind (kept for a look).", []string{"kind"}, nil)
	mailDepth = prometheus.NewDesc("storefront_mail_outbox_depth",
		"Mails waiting in the outbox to be sent (NaN when the database does not answer).", nil, nil)
)

func (jobsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- jobsQueued
	ch <- jobsDue
	ch <- jobsDead
	ch <- mailDepth
}

func (c jobsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	counts, err := c.db.JobCounts(ctx, c.now())
	if err != nil {
		ch <- prometheus.MustNewConstMetric(mailDepth, prometheus.GaugeValue, math.NaN())
		return
	}
	if _, ok := counts[data.JobMail]; !ok {
		counts[data.JobMail] = data.JobCount{} // the mail kind is always reported
	}
	for kind, n := range counts {
		ch <- prometheus.MustNewConstMetric(jobsQueued, prometheus.GaugeValue, float64(n.Queued), kind)
		ch <- prometheus.MustNewConstMetric(jobsDue, prometheus.GaugeValue, float64(n.Due), kind)
		ch <- prometheus.MustNewConstMetric(jobsDead, prometheus.GaugeValue, float64(n.Dead), kind)
	}
	ch <- prometheus.MustNewConstMetric(mailDepth, prometheus.GaugeValue, float64(counts[data.JobMail].Queued))
}

// jobAttempt counts an attempt of an outbox job (outbox.Options.Observed).
func (s *Server) jobAttempt(kind string, o outbox.Outcome) {
	s.metrics.jobs.WithLabelValues(kind, string(o)).Inc()
}

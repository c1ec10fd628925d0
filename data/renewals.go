package data

import (
	"fmt"
	"time"

	"storefront/rules"
)

// The notices of recurring plans about to renew (migration 035): the
// outbox job queued where a period is charged, and the mark that a
// period's notice went out.

// JobRenewal is the kind of the renewal notices' jobs (payload:
// RenewalJob), due a set time before the charge day (rules.RenewalNotice);
// package checkout queues and runs them.
const JobRenewal = "renewal"

// RenewalJob is a renewal notice's payload: period Period of recurring
// order OrderID (number Number) of member UserID of BrandID, to be charged
// on Day.
type RenewalJob struct {
	BrandID string `json:"brandId"`
	UserID  int64  `json:"userId"`
	OrderID int64  `json:"orderId"`
	Number  string `json:"number"`
	Period  int    `json:"period"`
	Day     string `json:"day"` // YYYY-MM-DD, Taipei
}

// QueueRenewal queues renewal notice j, due at at, keyed by its order,
// period and charge day, so a replayed charge queues it once (a notice
// moved past a freeze is another day's job; MarkRenewalNoticed keeps it
// to one notice per period).
func (t *Tx) QueueRenewal(j RenewalJob, at time.Time) error {
	return t.QueueJobAt(JobRenewal, fmt.Sprintf("%d:%d:%s", j.OrderID, j.Period, j.Day), j, at)
}

// RenewalFacts completes facts f (the caller filled what the locked order
// and plan say) with what else decides whether renewal notice j goes
// (rules.RenewalNext): the order's active mandate, its refund, its member
// gone, a freeze over the charge day; and returns the card the plan
// charges (its last 4 digits: the latest card change's, else the
// order's; "" unknown).
func (t *Tx) RenewalFacts(j RenewalJob, f *rules.RenewalFacts) (string, error) {
	var last4, frozenTo string
	err := t.tx.QueryRow(t.ctx, `select
			exists (select 1 from recurring_mandates where order_id = $1 and state = 'active'),
			exists (select 1 from refunds where order_id = $1),
			coalesce((select deleted_at is not null from users where id = $2), true),
			coalesce((select coalesce(p.card_last4, o.card_last4) from recurring_plans p join orders o on o.id = p.order_id
				where p.order_id = $1), '')`, j.OrderID, j.UserID).
		Scan(&f.Active, &f.Refund, &f.Gone, &last4)
	if err != nil {
		return "", dbErr(err)
	}
	if frozenTo, err = t.FrozenUntil(j.UserID, j.Day); err != nil || frozenTo == "" {
		return last4, err
	}
	f.FrozenTo, err = rules.ParseDay(frozenTo)
	return last4, err
}

// MarkRenewalNoticed records that the notice of period of order id
// (charged on day) goes out at now, once: false when it went before (send
// nothing). Called under the plan's lock, in the transaction that queues
// the notice.
func (t *Tx) MarkRenewalNoticed(id int64, period int, day string, now time.Time) (bool, error) {
	tag, err := t.tx.Exec(t.ctx, `insert into renewal_notices (order_id, period, charge_on, sent_at) values ($1, $2, $3::date, $4)
		on conflict (order_id, period) do nothing`, id, period, day, now)
	return tag.RowsAffected() == 1, dbErr(err)
}

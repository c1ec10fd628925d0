package dbtest

import (
	"context"
	"time"

	"storefront/data"
)

// CreateOrder makes order n at now in a transaction of its own (the
// tests of what an order holds and of the flows that move it).
func CreateOrder(db *data.DB, n data.NewOrder, now time.Time) (*data.Order, error) {
	var o *data.Order
	err := db.InTx(context.Background(), func(t *data.Tx) (err error) {
		o, err = t.CreateOrder(n, now)
		return err
	})
	return o, err
}

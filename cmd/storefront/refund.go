package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"storefront/checkout"
)

const refundUsage = `usage:
  storefront refund list BRAND [STATE]     BRAND's refunds, newest first (STATE: requested, requesting, refunded,
                                           failed, rejected); BY: provider (sent by a host), transfer or
                                           instalments (the studio refunds it: approve with --paid-outside)
  storefront refund approve ID [--fee N]   approve requested refund ID, keeping a fee of N TWD (at most 20% of the
                                           offer; none within the seven-day cooling-off): a host sends it
  storefront refund approve ID --paid-outside REF [--fee N]
                                           record that the studio refunded ID itself (an ACH order by bank
                                           transfer, a Chailease order by cancelling its instalment contract),
                                           REF its reference: a host records it as a refund sent, with the same
                                           effects (holding revoked, bookings cancelled, invoice, mail)
  storefront refund reject ID [--reason TEXT]
                                           reject requested refund ID`

// refundCommand runs `storefront refund ...` (args after "refund")
// against the database of the environment's configuration.
func refundCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var fee int
	var reason, paidOutside string
	var rest []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--fee" && i+1 < len(args):
			n, err := strconv.Atoi(args[i+1])
			if err != nil || n < 0 {
				return fmt.Errorf("--fee %q: not a number of TWD", args[i+1])
			}
			fee = n
			i++
		case args[i] == "--reason" && i+1 < len(args):
			reason = args[i+1]
			i++
		case args[i] == "--paid-outside" && i+1 < len(args):
			if paidOutside = strings.TrimSpace(args[i+1]); paidOutside == "" {
				return errors.New("--paid-outside: the refund's reference is empty")
			}
			i++
		default:
			rest = append(rest, args[i])
		}
	}
	valid := len(rest) >= 2 && (rest[0] == "list" && len(rest) <= 3 || (rest[0] == "approve" || rest[0] == "reject") && len(rest) == 2)
	if !valid || paidOutside != "" && rest[0] != "approve" {
		return errors.New(refundUsage)
	}
	var id int64
	if rest[0] != "list" {
		n, err := strconv.ParseInt(rest[1], 10, 64)
		if err != nil || n < 1 {
			return fmt.Errorf("%q: not a refund id", rest[1])
		}
		id = n
	}
	_, db, err := openDB(ctx, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	switch rest[0] {
	case "list":
		state := ""
		if len(rest) == 3 {
			state = rest[2]
		}
		list, err := db.Refunds(ctx, rest[1], state)
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tORDER\tKIND\tSTATE\tOFFERED\tFEE\tAMOUNT\tBY\tREQUESTED AT\tFAILURE")
		for _, r := range list {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\t%s\n", r.ID, r.OrderNumber, r.Kind, r.State, r.Offered, r.Fee, r.Amount,
				checkout.RefundBy(r.PayWay), r.RequestedAt.UTC().Format(time.RFC3339), r.Failure)
		}
		return w.Flush()
	case "approve":
		r, err := checkout.QueueApproval(ctx, db, "", id, fee, paidOutside)
		if err != nil {
			return fmt.Errorf("refund %d: %w", id, err)
		}
		how := "a host sends it"
		if paidOutside != "" {
			how = "refunded outside (" + paidOutside + "): a host records it"
		}
		fmt.Fprintf(stdout, "refund %d of order %s approved: NT$%d back (fee NT$%d); %s\n", id, r.OrderNumber, r.Offered-fee, fee, how)
	case "reject":
		f := &checkout.Flows{DB: db, Now: time.Now}
		r, err := f.RejectRefund(ctx, "", id, reason)
		if err != nil {
			return fmt.Errorf("refund %d: %w", id, err)
		}
		fmt.Fprintf(stdout, "refund %d of order %s rejected\n", id, r.OrderNumber)
	}
	return nil
}

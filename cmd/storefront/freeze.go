package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"storefront"
	"storefront/data"
	"storefront/members"
	"storefront/rules"
)

const freezeUsage = `usage:
  storefront freeze list BRAND                   BRAND's freeze requests waiting for a decision (and by when: seven
                                                 working days), then the approved ones not yet ended
  storefront freeze approve ID [--note TEXT]     approve request ID: the member's holdings end later by its days,
                                                 bookings in it are refused, recurring plans are suspended at
                                                 NewebPay for it; the member is mailed
  storefront freeze reject ID --note TEXT        reject request ID, saying why (mailed to the member)
  storefront freeze end ID [--on DATE]           end approved freeze ID early: the membership runs again on DATE
                                                 (YYYY-MM-DD, Taipei; default today), the holdings it moved end
                                                 earlier by the days no longer frozen, the recurring plans restart
                                                 at NewebPay on DATE; the member is mailed. The list shows a
                                                 suspension or restart NewebPay keeps refusing (retried)`

// freezeCommand runs `storefront freeze ...` (args after "freeze")
// against the database of the environment's configuration; the running
// hosts' outbox sends the mails and changes the plans at NewebPay.
func freezeCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var note, on string
	noted := false
	var rest []string
	for i := 0; i < len(args); i++ {
		switch {
		case args[i] == "--note" && i+1 < len(args):
			note, noted = args[i+1], true
			i++
		case args[i] == "--on" && i+1 < len(args):
			on = args[i+1]
			i++
		default:
			rest = append(rest, args[i])
		}
	}
	if len(rest) != 2 || (rest[0] != "list" && rest[0] != "approve" && rest[0] != "reject" && rest[0] != "end") ||
		((rest[0] == "list" || rest[0] == "end") && noted) || (rest[0] == "reject" && !noted) || (on != "" && rest[0] != "end") {
		return errors.New(freezeUsage)
	}
	var onDay rules.TaipeiDay
	if on != "" {
		d, err := rules.ParseDay(on)
		if err != nil {
			return fmt.Errorf("--on %q: not a day (YYYY-MM-DD)", on)
		}
		onDay = d
	}
	_, db, err := openDB(ctx, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	if rest[0] == "list" {
		list, err := db.BrandFreezes(ctx, rest[1])
		if err != nil {
			return err
		}
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tSTATE\tMEMBER\tREASON\tFROM\tTO\tDECIDE BY\tEVIDENCE\tNEWEBPAY FAILING")
		for _, f := range list {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", f.ID, f.State, f.Email, f.Reason, f.Start, f.End,
				rules.FreezeDecideBy(f.CreatedAt), f.Evidence, f.PlanFailing)
		}
		w.Flush()
		if len(list) == 0 {
			fmt.Fprintf(stdout, "brand %s has no freeze waiting or running\n", rest[1])
		}
		return nil
	}
	id, err := strconv.ParseInt(rest[1], 10, 64)
	if err != nil || id < 1 {
		return fmt.Errorf("%q: not a freeze id", rest[1])
	}
	flows := &members.Flows{DB: db, Now: time.Now}
	var f *data.Freeze
	if rest[0] == "end" {
		f, err = flows.EndFreezeEarly(ctx, "", id, onDay)
	} else {
		f, err = flows.DecideFreeze(ctx, "", id, rest[0] == "approve", note)
	}
	if err != nil {
		e := storefront.AsError(err)
		if msg := cmp.Or(e.Message, storefront.CodeText(e.Code)); msg != "" {
			return fmt.Errorf("freeze %d: %s", id, msg)
		}
		return err
	}
	fmt.Fprintf(stdout, "freeze %d: %s (%s to %s, %s)\n", f.ID, f.State, f.Start, f.End, f.Email)
	return nil
}

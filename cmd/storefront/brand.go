package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"storefront"
	"text/tabwriter"
	"time"

	"storefront/checkout"
	"storefront/providers"
)

const brandUsage = `usage:
  storefront brand credentials set BRAND KIND --from-file FILE
                                                 store BRAND's own merchant account of KIND (newebpay, linepay, ezpay,
                                                 ach, chailease), sealed with STOREFRONT_CREDENTIALS_KEY; FILE (- for
                                                 standard input) holds NAME=value lines with the environment's names:
                                                 newebpay NEWEBPAY_MERCHANT_ID, NEWEBPAY_HASH_KEY, NEWEBPAY_HASH_IV,
                                                 NEWEBPAY_URL (card and recurring payments: one NewebPay merchant)
  storefront brand credentials list BRAND        the kinds BRAND has its own account of, their merchant ids and when
                                                 they were set (never a secret)
  storefront brand credentials delete BRAND KIND BRAND pays by KIND no more (or, where the platform collects, into
                                                 the platform's account)`

// brandCommand runs `storefront brand credentials ...` (args after
// "brand") against the database of the environment's configuration. It
// never prints or logs a secret: the file's problems name lines and
// settings, never values.
func brandCommand(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	var file string
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--from-file" && i+1 < len(args) {
			file = args[i+1]
			i++
			continue
		}
		rest = append(rest, args[i])
	}
	if len(rest) < 3 || rest[0] != "credentials" || !validBrandCall(rest[1:], file) {
		return errors.New(brandUsage)
	}
	verb, brand := rest[1], rest[2]
	if len(rest) == 4 && !slices.Contains(providers.AccountKinds, rest[3]) {
		return fmt.Errorf("%q: not a kind of merchant account (want one of %v)", rest[3], providers.AccountKinds)
	}
	if getenv("STOREFRONT_CREDENTIALS_KEY") == "" {
		return errors.New("STOREFRONT_CREDENTIALS_KEY is not set: the credentials are sealed with it (32 bytes in base64, the hosts' own)")
	}
	cfg, db, err := openDB(ctx, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	sealer, err := providers.NewSealer(cfg.CredentialsKey)
	if err != nil {
		return err
	}
	m := &checkout.Merchants{DB: db, Sealer: sealer, Now: time.Now}
	switch verb {
	case "set":
		var b []byte
		if file == "-" {
			b, err = io.ReadAll(io.LimitReader(stdin, 64<<10))
		} else {
			b, err = os.ReadFile(file)
		}
		if err != nil {
			return err
		}
		id, err := m.Set(ctx, brand, rest[3], b, cfg.Env == "dev")
		if err != nil {
			return fmt.Errorf("brand %s, %s: %w", brand, rest[3], noBrand(brand, err))
		}
		fmt.Fprintf(stdout, "brand %s: %s credentials set (merchant %s)\n", brand, rest[3], id)
	case "list":
		list, err := m.List(ctx, brand)
		if err != nil {
			return noBrand(brand, err)
		}
		w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "KIND\tMERCHANT\tSET AT")
		for _, c := range list {
			fmt.Fprintf(w, "%s\t%s\t%s\n", c.Kind, c.MerchantID, c.UpdatedAt.UTC().Format(time.RFC3339))
		}
		w.Flush()
		if len(list) == 0 {
			fmt.Fprintf(stdout, "brand %s has no credentials of its own\n", brand)
		}
	case "delete":
		gone, err := m.Delete(ctx, brand, rest[3])
		if err != nil {
			return err
		}
		if !gone {
			return fmt.Errorf("brand %s has no %s credentials of its own", brand, rest[3])
		}
		fmt.Fprintf(stdout, "brand %s: %s credentials deleted\n", brand, rest[3])
	}
	return nil
}

// noBrand names an unknown brand plainly; other errors pass.
func noBrand(brand string, err error) error {
	if storefront.AsError(err).Code == storefront.CodeBrandNotFound {
		return fmt.Errorf("no brand %q", brand)
	}
	return err
}

// validBrandCall reports whether args (after "credentials") are one of
// the command's forms.
func validBrandCall(args []string, file string) bool {
	switch args[0] {
	case "set":
		return len(args) == 3 && file != ""
	case "list":
		return len(args) == 2 && file == ""
	case "delete":
		return len(args) == 3 && file == ""
	}
	return false
}

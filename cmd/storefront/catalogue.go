package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"storefront"
	"storefront/data/catalogue"
)

const catalogueUsage = `usage:
  storefront catalogue import PATH [--dry-run] [--empty=FILE,...]
                                                 bring a brand's catalogue directory into the database; --empty:
                                                 the kinds of these files (courses.json) may end up with no entry
  storefront catalogue export BRAND [DIR] [--relative]
                                                 write a brand's catalogue into DIR (default ./BRAND); --relative:
                                                 dates relative to today (+14d, +2w3), for a demo that never goes stale`

// catalogueCommand runs `storefront catalogue ...` (args after
// "catalogue") against the database of the environment's configuration.
// A problem in the directory is reported one a line (file, entry, field)
// on stderr, and nothing is written.
func catalogueCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	dry, rel := false, false
	var rest, empty []string
	for _, a := range args {
		switch list, isEmpty := strings.CutPrefix(a, "--empty="); {
		case a == "--dry-run":
			dry = true
		case a == "--relative":
			rel = true
		case isEmpty:
			empty = append(empty, strings.Split(list, ",")...)
		default:
			rest = append(rest, a)
		}
	}
	if len(rest) < 2 || (rest[0] != "import" && rest[0] != "export") || len(rest) > 3 ||
		(rest[0] == "import" && len(rest) != 2) || ((dry || empty != nil) && rest[0] != "import") || (rel && rest[0] != "export") {
		return errors.New(catalogueUsage)
	}
	cfg, db, err := openDB(ctx, getenv, stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	if rest[0] == "export" {
		dir := rest[1]
		if len(rest) == 3 {
			dir = rest[2]
		}
		opt := catalogue.ExportOptions{ImageDir: cfg.CatalogueImages}
		if rel {
			opt.Relative = time.Now()
		}
		if err := catalogue.Export(ctx, db, rest[1], dir, opt); err != nil {
			return err
		}
		fmt.Fprint(stdout, storefront.TextCatalogueExported(rest[1], dir))
		return nil
	}
	path, err := filepath.Abs(rest[1])
	if err != nil {
		return err
	}
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		return errors.New(storefront.TextNotADirectory(rest[1]))
	}
	rep, err := catalogue.Import(ctx, db, os.DirFS(path), catalogue.Options{DryRun: dry, ImageDir: cfg.CatalogueImages, Empty: empty})
	if err != nil {
		var probs catalogue.Problems
		if errors.As(err, &probs) {
			return fmt.Errorf("%s\n%w", storefront.TextCatalogueProblems(rest[1], len(probs)), err)
		}
		return err
	}
	if dry {
		fmt.Fprint(stdout, storefront.TextCatalogueDryRun)
	}
	fmt.Fprint(stdout, rep)
	return nil
}

package data

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
)

// cluster is a private PostgreSQL cluster listening only on a unix socket in
// its own directory.
type cluster struct {
	dir    string
	bin    string   // directory of initdb and pg_ctl
	asUser []string // command prefix to drop root, or nil
}

// findServerBin returns the directory holding initdb and pg_ctl: on PATH or
// in Debian's /usr/lib/postgresql/<version>/bin.
func findServerBin() string {
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if _, err := exec.LookPath("initdb"); err == nil {
			return filepath.Dir(p)
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	for i := len(dirs) - 1; i >= 0; i-- { // newest version first
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i]
		}
	}
	return ""
}

// startCluster initialises dir when empty and starts a server on it. The
// server programs refuse to run as root, so as root they run as the
// postgres user, who then owns dir.
func startCluster(ctx context.Context, dir string, log *slog.Logger) (*cluster, error) {
	bin := findServerBin()
	if bin == "" {
		return nil, ErrNoPostgres
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: abs, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("private PostgreSQL: running as root needs a postgres user: %w", err)
		}
		c.asUser = []string{"runuser", "-u", "postgres", "--"}
		if err := os.MkdirAll(abs, 0o700); err != nil {
			return nil, err
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(abs, uid, gid); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(filepath.Join(abs, "PG_VERSION")); err != nil {
		log.Info("initialising private PostgreSQL cluster", "dir", abs)
		if out, err := c.run(ctx, "initdb", "-D", abs, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"); err != nil {
			return nil, fmt.Errorf("initdb: %v: %s", err, out)
		}
	}
	opts := fmt.Sprintf("-k %s -c listen_addresses='' -c unix_socket_permissions=0777", abs)
	if out, err := c.run(ctx, "pg_ctl", "-D", abs, "-o", opts, "-l", filepath.Join(abs, "server.log"), "-w", "start"); err != nil {
		return nil, fmt.Errorf("pg_ctl start: %v: %s", err, out)
	}
	return c, nil
}

func (c *cluster) run(ctx context.Context, prog string, args ...string) (string, error) {
	argv := append(append([]string{}, c.asUser...), append([]string{filepath.Join(c.bin, prog)}, args...)...)
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

// url is the connection URL of database name on the cluster's socket.
func (c *cluster) url(name string) string {
	return fmt.Sprintf("postgres:///%s?host=%s&user=postgres&sslmode=disable", name, c.dir)
}

// stop shuts the server down, waiting for it.
func (c *cluster) stop() {
	c.run(context.Background(), "pg_ctl", "-D", c.dir, "-m", "fast", "-w", "stop")
}

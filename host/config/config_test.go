package config_test

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"storefront/host/config"
)

func TestLoadConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != "8080" || c.Env != "dev" || !c.Demo || c.DatabaseURL != "" || c.RedisURL != "" || c.RenderTimeout != 2*time.Second || !c.PageCache {
		t.Fatalf("defaults = %+v", c)
	}
	c, err = config.Load(env(map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_DEMO": "0", "PORT": "9000", "STOREFRONT_PUBLIC_URL": "https://shop.example.com", "STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="}))
	if err != nil || c.Env != "production" || c.Demo || c.Port != "9000" {
		t.Fatalf("set = %+v, %v", c, err)
	}
	// the demo brands load by default in dev only; STOREFRONT_DEMO=1 asks for them anywhere
	for _, c := range []struct {
		env, demo string
		want      bool
	}{
		{env: "dev", demo: "", want: true},
		{env: "staging", demo: "", want: false},
		{env: "production", demo: "", want: false},
		{env: "staging", demo: "1", want: true},
		{env: "dev", demo: "0", want: false},
	} {
		got, err := config.Load(env(map[string]string{"STOREFRONT_ENV": c.env, "STOREFRONT_DEMO": c.demo, "STOREFRONT_PUBLIC_URL": "https://shop.example.com", "STOREFRONT_MEMBER_KEY": "BAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQ="}))
		if err != nil || got.Demo != c.want {
			t.Errorf("STOREFRONT_ENV=%s STOREFRONT_DEMO=%q: Demo = %v, %v; want %v", c.env, c.demo, got.Demo, err, c.want)
		}
	}
	_, err = config.Load(env(map[string]string{"STOREFRONT_ENV": "prod", "PORT": "x", "STOREFRONT_RENDER_TIMEOUT": "soon"}))
	for _, name := range []string{"STOREFRONT_ENV", "PORT", "STOREFRONT_RENDER_TIMEOUT"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
}

func TestEnvOfHost(t *testing.T) {
	for host, want := range map[string]string{
		"staging.shop.example.com": "staging",
		"shop-preprod.example.com": "preprod",
		"dev.example.com":          "dev",
		"shop.example.com":         "production",
		"localhost":                "production",
		"developer.example.com":    "production",
	} {
		if got := config.EnvOfHost(host, "production"); got != want {
			t.Errorf("config.EnvOfHost(%q) = %q; want %q", host, got, want)
		}
	}
}

// TestEnvHostsConfig: STOREFRONT_ENV_HOSTS lists host names, each choosing
// the environment its name selects; a name that selects none is refused.
func TestEnvHostsConfig(t *testing.T) {
	hosts := func(list string) func(string) string {
		return func(k string) string { return map[string]string{"STOREFRONT_ENV_HOSTS": list}[k] }
	}
	c, err := config.Load(hosts(" Staging.Shop.Example.com., shop-preprod.example.com"))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"staging.shop.example.com": "staging", "shop-preprod.example.com": "preprod"}; !reflect.DeepEqual(c.EnvHosts, want) {
		t.Errorf("EnvHosts = %v; want %v", c.EnvHosts, want)
	}
	for _, bad := range []string{"shop.example.com", "staging.example.com:8443"} {
		if _, err := config.Load(hosts(bad)); err == nil || !strings.Contains(err.Error(), "STOREFRONT_ENV_HOSTS") {
			t.Errorf("STOREFRONT_ENV_HOSTS=%s: %v; want refused", bad, err)
		}
	}
}

// TestReadmeListsVariables: every environment variable is documented in
// the README's table with its default.
func TestReadmeListsVariables(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range config.Variables {
		def := "(empty)"
		if v.Default != "" {
			def = "`" + v.Default + "`"
		}
		if !strings.Contains(string(b), "| `"+v.Name+"` | "+def+" |") {
			t.Errorf("README lacks the row of %s (default %s)", v.Name, def)
		}
	}
}

func TestSMTPConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := config.Load(env(map[string]string{"SMTP_HOST": "smtp.example.com", "SMTP_PORT": "465", "SMTP_TLS": "tls", "SMTP_USER": "u", "SMTP_PASSWORD": "p", "SMTP_FROM": "shop@example.com"}))
	if err != nil || c.SMTP.Host != "smtp.example.com" || c.SMTP.Port != 465 || c.SMTP.TLS != "tls" || c.SMTP.From != "shop@example.com" {
		t.Fatalf("SMTP config = %+v, %v", c.SMTP, err)
	}
	_, err = config.Load(env(map[string]string{"SMTP_PORT": "x", "SMTP_TLS": "ssl"}))
	for _, name := range []string{"SMTP_PORT", "SMTP_TLS"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("bad %s not reported: %v", name, err)
		}
	}
}

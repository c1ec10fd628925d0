package host

import (
	"strings"
	"testing"
	"time"
)

func TestLoadConfig(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	c, err := LoadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != "8080" || c.Env != "dev" || !c.Demo || c.DatabaseURL != "" || c.RedisURL != "" || c.RenderTimeout != 2*time.Second || !c.PageCache {
		t.Fatalf("defaults = %+v", c)
	}
	c, err = LoadConfig(env(map[string]string{"STOREFRONT_ENV": "production", "STOREFRONT_DEMO": "0", "PORT": "9000"}))
	if err != nil || c.Env != "production" || c.Demo || c.Port != "9000" {
		t.Fatalf("set = %+v, %v", c, err)
	}
	_, err = LoadConfig(env(map[string]string{"STOREFRONT_ENV": "prod", "PORT": "x", "STOREFRONT_RENDER_TIMEOUT": "soon"}))
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
		if got := envOfHost(host, "production"); got != want {
			t.Errorf("envOfHost(%q) = %q; want %q", host, got, want)
		}
	}
}

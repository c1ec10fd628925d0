vcl 4.1;

# The edge cache in front of the storefront's hosts:
# Debian bookworm's Varnish 7.1 with xkey from varnish-modules
# (apt-get install varnish varnish-modules).
#
#   varnishd -a :6081 -f /path/to/storefront.vcl
#   STOREFRONT_EDGE_PURGE_URL=http://127.0.0.1:6081/ on every host
#
# What the hosts promise (host/page_edge.go): an anonymous page the page cache
# serves says "public, max-age=0, s-maxage=N, stale-while-revalidate=M"
# with its surrogate keys in the xkey header; everything else is no-cache,
# private or no-store, and every answer that sets a cookie is private.
# When a brand's data changes, each host sends PURGE with "xkey:
# brand:ID" and the brand's pages leave the cache. This file decides who
# may purge and which requests may share a cached answer.

import std;
import xkey;
import cookie;

# The hosts (several hosts: a directors.round_robin of backends here). The
# test (host/varnish_test.go) replaces the port.
backend storefront {
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 2s;
    .first_byte_timeout = 10s;
}

# Who may purge: the hosts. Add their network.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "xkey header missing"));
        }
        set req.http.X-Purged = xkey.purge(req.http.xkey);
        return (synth(200, "Purged " + req.http.X-Purged));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A member's request is the member's own: never looked up, never stored.
    if (req.http.Authorization || req.http.Cookie ~ "(^|;\s*)web_ec_sessionId=") {
        return (pass);
    }
    # The JSON API and the metrics and health checks go to the hosts.
    if (req.url ~ "^/(api|metrics|healthz|readyz|dev)(/|$|\?)") {
        return (pass);
    }
    # Of the cookies only those the page cache key reads stay (the app
    # banner closed, app mode); the answers say Vary: Cookie.
    if (req.http.Cookie) {
        cookie.parse(req.http.Cookie);
        cookie.keep("closeBownloadAppBanner,web_ec_from");
        set req.http.Cookie = cookie.get_string();
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    # The device class is all a page takes from the User-Agent (host
    # cookies.go deviceOf); the answers say Vary: User-Agent.
    if (req.http.User-Agent ~ "Android") {
        set req.http.User-Agent = "Android";
    } elsif (req.http.User-Agent ~ "iPhone|iPad|iPod") {
        set req.http.User-Agent = "iPhone";
    } else {
        set req.http.User-Agent = "pc";
    }
    return (hash);
}

sub vcl_backend_response {
    # Set-Cookie, private, no-store: never stored. A no-cache page (a fresh
    # render carries its own CSP nonce) is not stored either, but the next
    # request goes to the hosts at once, where the page cache has it by
    # then: no hit-for-miss.
    if (beresp.http.Set-Cookie || beresp.http.Cache-Control ~ "private|no-store") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    if (!beresp.http.Cache-Control ~ "s-maxage") {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # s-maxage is the TTL and stale-while-revalidate the grace (Varnish's
    # own reading of them); the host keeps both within the page's expiry.
    return (deliver);
}

sub vcl_deliver {
    if (obj.uncacheable) {
        set resp.http.X-Edge-Cache = "pass";
    } elsif (obj.hits > 0) {
        set resp.http.X-Edge-Cache = "hit";
    } else {
        set resp.http.X-Edge-Cache = "miss";
    }
    unset resp.http.xkey;
    unset resp.http.Via;
}

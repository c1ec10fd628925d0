# The storefront's commands. `make run` and `make test` are all a fresh
# machine needs (see README.md).

GO  ?= go
BIN := bin/storefront

.PHONY: run build bundles test check contract bench clean

# npm packages, installed exactly as the lock file says
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# the React app's two bundles (renderer/dist), built by esbuild's Go API
bundles: node_modules/.package-lock.json
	$(GO) run ./cmd/build

build: bundles
	$(GO) build -o $(BIN) ./cmd/storefront

run: build
	./$(BIN)

# static checks: go vet, the generated Go->TypeScript contract and the
# OpenAPI document (host/openapi.json) are fresh, a
# strict TypeScript check (esbuild strips types without checking them),
# ESLint (the direction of imports between the app's layers,
# eslint.config.mjs) and the unit tests of the app's pure helpers
check: node_modules/.package-lock.json
	$(GO) vet ./...
	$(GO) test -count=1 -run '^(TestContract|TestOpenAPI)$$' ./host
	npx tsc --noEmit -p app
	npx tsc --noEmit -p app/tsconfig.test.json
	npx eslint --max-warnings 0 app
	node --import tsx --test $$(find app -name '*.test.ts' | sort)

# regenerate app/contract/generated from the Go declarations (host/wire/,
# data/, rules, the route table and shared constants) and host/openapi.json
# from the API's declarations (host/api_docs_test.go) and the same types
contract:
	$(GO) test -count=1 -run '^(TestContract|TestOpenAPI)$$' ./host -update

# every test: Go tests against the real PostgreSQL and Redis, and the
# browser tests in Chromium (run from e2e/ by go test), then a short fuzz
# run of the API's input decoders (its seeds also run in go test). The fuzz
# budget is a count, not a duration: Go 1.26's fuzzer can fail a
# duration-bounded run at its deadline under load with no failing input
# (Go issue 75804, fixed in Go 1.27). The browser files run two at a time,
# each with a storefront and database of its own (e2e/e2e_test.go; about
# 7 minutes here on a busy machine); -timeout is a ceiling for a loaded
# machine, past go test's default 10 minutes, within CI's 90.
test: check build
	$(GO) test -count=1 -p 2 -timeout 30m ./...
	$(GO) test -run '^$$' -fuzz '^FuzzAPIInput$$' -fuzztime 10000x -parallel 2 ./host

# the benchmark (bench/): needs wrk, Debian's load generator (the overload
# row paces it with bench/overload.lua), and for the Lighthouse row a CJK
# system font, as every phone has
bench: build
	@command -v wrk >/dev/null && [ -n "$$(fc-list :lang=zh-tw)" ] || \
		(apt-get update -qq && apt-get install -y -qq wrk fonts-noto-cjk >/dev/null)
	$(GO) run ./bench

clean:
	rm -rf bin renderer/dist/client renderer/dist/server.js renderer/dist/manifest.json

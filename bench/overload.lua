-- wrk script of the overload row (bench/main.go overload): each wrk thread
-- offers RATE requests a second (the environment's; the bench runs one
-- thread), evenly spaced whatever its connections' answers take, sorts the
-- answers by status, and prints one line the bench reads. wrk costs the
-- two cores the host shares with it about a third of what vegeta's Go
-- client did (0.4 cores of 2 at 2,000 requests a second).

local ffi = require("ffi")
ffi.cdef [[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *t);
]]
local ts = ffi.new("bench_timespec")

local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

local interval -- ms between this thread's requests
local slot -- the time of this thread's next request

function init(args)
  interval = 1000 / tonumber(os.getenv("RATE"))
  ok, refused, other, retry_after = 0, 0, 0, 0
end

-- delay is asked before each request a connection sends: it gets the
-- thread's next slot, and waits for it (not at all when behind).
function delay()
  local now = now_ms()
  slot = math.max(slot or now, now - 1000) -- never more than a second behind: no burst to catch up
  local wait = slot - now
  slot = slot + interval
  return wait > 0 and math.floor(wait + 0.5) or 0
end

function response(status, headers, body)
  if status == 200 then
    ok = ok + 1
  elseif status == 503 then
    refused = refused + 1
    if headers["Retry-After"] then
      retry_after = retry_after + 1
    end
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local n = { ok = 0, refused = 0, other = 0, retry_after = 0 }
  for _, t in ipairs(threads) do
    for k in pairs(n) do
      n[k] = n[k] + t:get(k)
    end
  end
  local all = n.ok + n.refused + n.other
  -- the accepted answers' p99 is at most the latency of all the answers
  -- that only 1% of the accepted ones could be slower than
  local q = 100
  if all > 0 then
    q = 100 - n.ok / all
  end
  io.write(string.format("overload ok=%d refused=%d other=%d retry_after=%d errors=%d seconds=%.3f ok_p99_at_most_ms=%.3f max_ms=%.3f\n",
    n.ok, n.refused, n.other, n.retry_after,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.duration / 1e6, latency:percentile(q) / 1000, latency.max / 1000))
end

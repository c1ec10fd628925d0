-- wrk script of the member centre's first-visit row (bench/visitors.go):
-- each request is another member's, by their session ids in the file
-- $SESSIONS, one a line; thread k of $THREADS takes the ids k, k + THREADS,
-- ... in turn, so no member is asked for twice until the list runs out.

local n = 0

function setup(thread)
  thread:set("tid", n)
  n = n + 1
end

local ids = {}
local next_id

function init(args)
  for line in io.lines(os.getenv("SESSIONS")) do
    table.insert(ids, line)
  end
  next_id = tid
end

function request()
  local id = ids[next_id % #ids + 1]
  next_id = next_id + tonumber(os.getenv("THREADS"))
  return wrk.format(nil, nil, { ["Cookie"] = "web_ec_sessionId=" .. id })
end

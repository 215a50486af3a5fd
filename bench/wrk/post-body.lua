-- wrk script for a POST of one JSON body read from the file BENCH_BODY_FILE, built through request() like
-- the other scripted routes.
local file = assert(io.open(os.getenv("BENCH_BODY_FILE"), "r"))
local payload = file:read("*a")
file:close()
local headers = { ["content-type"] = "application/json" }

function request()
  return wrk.format("POST", wrk.path, headers, payload)
end

dofile("bench/wrk/first-errors.lua")

-- wrk script for POST /decide. BENCH_MODE: "new" (a fresh transaction_id per request), "replay" (a random
-- one of BENCH_IDS seeded transactions), "hot" (seeded transaction 0 only). BENCH_RUN prefixes the ids so
-- runs never collide; the body of transaction i is the same in every mode, so a repeat is a replay.
local mode = os.getenv("BENCH_MODE") or "new"
local run = os.getenv("BENCH_RUN") or "run"
local ids = tonumber(os.getenv("BENCH_IDS") or "1000")
local stamp = os.date("!%Y-%m-%dT%H:%M:%SZ")
local headers = { ["content-type"] = "application/json" }
local counter = 0
local prefix = run

local function body(tx, i)
  return string.format(
    '{"transaction_id":"tx_%s","idempotency_key":"idem_%s","amount_cents":%d,"currency":"EUR",' ..
    '"service_id":"svc_mobile","service_type":"mobile","event_subtype":"topup","card_token":"tok_%d",' ..
    '"user_id":"user_%d","device_fingerprint":"dev_%d","ip_address":"82.65.%d.%d","timestamp":"%s"}',
    tx, tx, 1500 + i % 50, i % 997, i % 1009, i % 1013, math.floor(i / 256) % 256, i % 256, stamp)
end

local thread_count = 0
function setup(thread)
  thread:set("thread_prefix", string.format("%s_t%d", run, thread_count))
  thread_count = thread_count + 1
end

function init()
  if thread_prefix then prefix = thread_prefix end
  math.randomseed(os.time() + #prefix)
end

function request()
  local tx, i
  if mode == "new" then
    counter = counter + 1
    i = counter
    tx = string.format("%s_%d", prefix, counter)
  else
    i = mode == "hot" and 0 or math.random(0, ids - 1)
    tx = string.format("%s_seed_%d", run, i)
  end
  return wrk.format("POST", "/decide", headers, body(tx, i))
end

dofile("bench/wrk/first-errors.lua")

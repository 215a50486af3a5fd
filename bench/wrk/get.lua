-- wrk script for a GET through request(), so the baseline pays the same per-request Lua cost as the
-- scripted routes (bench/index.ts compares it with plain wrk to prove the client is not the bottleneck).
function request()
  return wrk.format("GET", wrk.path)
end

dofile("bench/wrk/first-errors.lua")

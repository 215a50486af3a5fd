-- Loaded by the scripted routes: prints the first answers of each thread that were not 2xx ("bench-error
-- <status> <body>"), so that a failed phase shows why (bench/wrk.ts reads them from wrk's output).
local shown = 0

function response(status, headers, body)
  if status > 299 and shown < 3 then
    shown = shown + 1
    io.write(string.format("bench-error %d %s\n", status, string.sub(string.gsub(body or "", "%s+", " "), 1, 300)))
  end
end

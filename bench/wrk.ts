/**
 * @module
 * Runs `wrk` (its own process, so the load generator does not share a CPU thread with Miniflare's driver)
 * and parses its report: requests/s, p50, p99 and the count of non-2xx answers.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface WrkOptions {
  url: string
  seconds: number
  threads: number
  connections: number
  /** A Lua script of bench/wrk/, or none for plain wrk (one cached GET). */
  script?: string
  /** Environment for the script (BENCH_MODE, BENCH_RUN, BENCH_BODY_FILE…). */
  env?: Record<string, string>
}

export interface WrkResult {
  requests: number
  rps: number
  p50_ms: number
  p99_ms: number
  non2xx: number
  socketErrors: number
  /** The first answers that were not 2xx ("<status> <body>"), as the scripts of bench/wrk/ print them. */
  firstErrors: string[]
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function duration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!match) throw new Error(`wrk: unreadable duration ${text}`)
  return Number(match[1]) * (UNIT_MS[match[2] ?? 'ms'] ?? 1)
}

/** Parses wrk's text report (with --latency). Exported for its unit check in bench/index.ts's first run. */
export function parseWrk(output: string): WrkResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)
  const total = /(\d+) requests in/.exec(output)
  const p50 = /^\s+50%\s+(\S+)/m.exec(output)
  const p99 = /^\s+99%\s+(\S+)/m.exec(output)
  if (!rps || !total || !p50 || !p99) throw new Error(`wrk: unexpected report:\n${output}`)
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  return {
    requests: Number(total[1]),
    rps: Math.round(Number(rps[1])),
    p50_ms: Number(duration(p50[1] ?? '').toFixed(3)),
    p99_ms: Number(duration(p99[1] ?? '').toFixed(3)),
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    firstErrors: [...output.matchAll(/^bench-error (.*)$/gm)].map((line) => line[1] ?? '').slice(0, 5),
  }
}

/**
 * Runs wrk once against a loopback URL and returns its figures.
 *
 * @example
 * await runWrk({ url: 'http://127.0.0.1:8788/decide', seconds: 10, threads: 2, connections: 16, script: 'bench/wrk/decide.lua' })
 */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const args = ['-t', String(options.threads), '-c', String(options.connections), '-d', `${options.seconds}s`, '--latency', '--timeout', '10s']
  if (options.script) args.push('-s', options.script)
  args.push(options.url)
  const { stdout } = await run('wrk', args, { env: { ...process.env, ...options.env }, maxBuffer: 1 << 20 })
  return parseWrk(stdout)
}

/**
 * @module
 * A bounded closed-loop load generator for loopback benchmarks: C concurrent clients send requests
 * until a count or a time limit is reached, then latency percentiles and throughput are reported.
 */

export interface LoadResult {
  name: string
  requests: number
  errors: number
  seconds: number
  rps: number
  p50ms: number
  p95ms: number
  p99ms: number
}

export interface LoadOptions {
  name: string
  /** Builds the i-th request (so each can carry a fresh transaction id). */
  request: (i: number) => Request
  /** Stops after this many requests… */
  maxRequests: number
  /** …or after this many seconds, whichever comes first. */
  maxSeconds: number
  concurrency: number
  /** A response with another status counts as an error. */
  expectStatus?: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  const index = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
  return sorted[index] ?? 0
}

/**
 * Runs one load phase against a server on this machine.
 *
 * @example
 * await runLoad({ name: 'health', request: () => new Request(url + '/health'), maxRequests: 2000, maxSeconds: 10, concurrency: 16 })
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  let next = 0
  let errors = 0
  const started = performance.now()
  const deadline = started + options.maxSeconds * 1000
  const expected = options.expectStatus ?? 200

  async function client(): Promise<void> {
    while (next < options.maxRequests && performance.now() < deadline) {
      const i = next++
      const t0 = performance.now()
      try {
        const response = await fetch(options.request(i))
        await response.arrayBuffer()
        if (response.status !== expected) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t0)
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, client))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    name: options.name,
    requests: latencies.length,
    errors,
    seconds: Number(seconds.toFixed(2)),
    rps: Math.round(latencies.length / seconds),
    p50ms: Number(percentile(latencies, 50).toFixed(2)),
    p95ms: Number(percentile(latencies, 95).toFixed(2)),
    p99ms: Number(percentile(latencies, 99).toFixed(2)),
  }
}

/** Prints results as a table with throughput and p50 as ratios to the first (baseline) row. */
export function printResults(results: LoadResult[]): void {
  const baseline = results[0]
  console.table(
    results.map((r) => ({
      route: r.name,
      requests: r.requests,
      errors: r.errors,
      'req/s': r.rps,
      'p50 ms': r.p50ms,
      'p95 ms': r.p95ms,
      'p99 ms': r.p99ms,
      'throughput vs baseline': baseline ? Number((r.rps / baseline.rps).toFixed(2)) : 1,
      'p50 vs baseline': baseline && baseline.p50ms > 0 ? Number((r.p50ms / baseline.p50ms).toFixed(2)) : 1,
    })),
  )
}

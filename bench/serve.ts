/**
 * @module
 * How the benchmarks serve the workers: the tools' Miniflare harness (`@edge-workers/tools`, each worker from
 * its wrangler file) on loopback ports (BENCH_PORT picks them, see benchPort), storage on tmpfs, without the
 * [assets] router, and the control worker of bench/control/. Shared by `npm run bench`, `npm run bench:fraud`,
 * `npm run bench:ingredient`, `npm run bench:fraud-cpu` and `npm run loadtest`.
 */
import { accessSync, constants, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { serveWorker, type ServedWorker } from '@edge-workers/tools/miniflare'
import { serveFraud, serveIngredient } from '@edge-workers/tools/workers'

/**
 * The port of the `offset`-th server of a run: BENCH_PORT + offset when BENCH_PORT is set (on a machine
 * shared with other servers, pick a free range), else 0, a free port the system chooses.
 *
 * @example
 * benchPort(1) // 8901 with BENCH_PORT=8900, else 0
 */
export function benchPort(offset: number): number {
  const base = Number(process.env.BENCH_PORT)
  return Number.isInteger(base) && base > 0 ? base + offset : 0
}

/** Linux's tmpfs: files in memory, where an fsync costs nothing. */
const TMPFS = '/dev/shm'

/**
 * Where Miniflare keeps the local storage of D1, KV, R2, Queues and Durable Objects during a benchmark:
 * `tmpfs` (the default where /dev/shm is writable) or `disk` (the system's temp directory; BENCH_STORAGE=disk).
 * Every SQLite commit of the local simulators fsyncs, and every new Durable Object creates files; on this
 * machine's virtual disk that costs the control and the worker alike as much as their own CPU, so on disk
 * the figures measure the disk, not the worker (Cloudflare's storage is not a local file system). Miniflare
 * puts its storage under os.tmpdir(), which follows TMPDIR, so this sets TMPDIR for the process. It prints
 * which one it chose.
 *
 * @example
 * useBenchStorage() // 'tmpfs'
 */
export function useBenchStorage(): 'tmpfs' | 'disk' {
  const storage = process.env.BENCH_STORAGE === 'disk' ? 'disk' : tmpfsStorage()
  console.log(`Local storage on ${storage} (BENCH_STORAGE=disk for the disk).`)
  return storage
}

/** Points TMPDIR at a folder on tmpfs; 'disk' when there is no writable tmpfs. */
function tmpfsStorage(): 'tmpfs' | 'disk' {
  const dir = join(TMPFS, 'edge-workers-bench')
  try {
    mkdirSync(dir, { recursive: true })
    accessSync(dir, constants.W_OK)
  } catch {
    return 'disk'
  }
  process.env.TMPDIR = dir
  return 'tmpfs'
}

/**
 * Serves the fraud bundle for a benchmark: the wrangler file's bindings, `vars` over its [vars], `ownSocket`
 * on the worker's own socket (see serveWorker).
 *
 * @example
 * const { mf, url } = await serveBenchFraud(buildBundle('wrangler.fraud.toml', 'dist/bench-fraud'))
 */
export function serveBenchFraud(
  scriptPath: string,
  vars: Record<string, string> = {},
  { ownSocket = false, onLog }: { ownSocket?: boolean; onLog?: (level: string, message: string) => void } = {},
): Promise<ServedWorker> {
  return serveFraud(scriptPath, { vars: { EVIDENCE_HASH_KEY: 'benchmark-only-evidence-hash-key', ...vars }, port: benchPort(0), ownSocket, withoutAssets: true, ...(onLog ? { onLog } : {}) })
}

/**
 * Serves the ingredient bundle for a benchmark, with no AI binding (as without a model: /analyze needs none).
 *
 * @example
 * const { mf, url } = await serveBenchIngredient(buildBundle('wrangler.ingredient.toml', 'dist/bench-ingredient'))
 */
export function serveBenchIngredient(scriptPath: string, port = benchPort(2)): Promise<ServedWorker> {
  return serveIngredient(scriptPath, { port, withoutAssets: true })
}

/**
 * Serves bench/control/worker.js from its wrangler file: one brand-new Durable Object per request, nothing else.
 *
 * @example
 * const { mf, url } = await serveControl()
 */
export function serveControl(): Promise<ServedWorker> {
  return serveWorker({ config: 'bench/control/wrangler.toml', scriptPath: 'bench/control/worker.js', port: benchPort(1) })
}

/**
 * @module
 * Builds a worker with `wrangler deploy --dry-run` and serves the bundle under Miniflare (workerd), so
 * benchmarks measure the worker and not `wrangler dev`'s proxy.
 */
import { execFileSync } from 'node:child_process'
import { accessSync, constants, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions } from 'miniflare'

export const COMPATIBILITY_DATE = '2026-11-01'

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
 * Bundles the worker of `configPath` into `outDir` and returns the bundle's entry path.
 *
 * @example
 * const script = buildBundle('wrangler.fraud.toml', 'dist/bench-fraud')
 */
export function buildBundle(configPath: string, outDir: string): string {
  execFileSync('npx', ['wrangler', 'deploy', '--dry-run', '--env=', '-c', configPath, '--outdir', outDir], { stdio: 'ignore' })
  return join(outDir, 'index.js')
}

function printProblems(level: string, message: string): void {
  if (level === 'error' || level === 'warn') process.stderr.write(`${message}\n`)
}

/**
 * Starts Miniflare on a loopback port (`port`, default 0: a free one) and returns it with its URL: Miniflare's
 * router's, or with `ownSocket` the worker's own socket, which bypasses that router.
 *
 * @example
 * const { mf, url } = await serveBundle({ scriptPath, d1Databases: { DB: 'evidence' } })
 */
export async function serveBundle(
  options: Omit<V4MiniflareOptions, 'modules' | 'compatibilityDate' | 'port' | 'scriptPath'> & {
    scriptPath: string
    /** 0 (the default) lets the system pick a free port; see benchPort. */
    port?: number
    textModuleSuffix?: string
    /** Receives the worker's console lines; by default warnings and errors go to stderr, the rest is dropped. */
    onLog?: (level: string, message: string) => void
    /** Serve the traffic on the worker's own socket instead of through Miniflare's local router. */
    ownSocket?: boolean
  },
) {
  const { scriptPath, port = 0, textModuleSuffix, onLog = printProblems, ownSocket = false, ...workerOptions } = options
  // The bundle's entry plus the text modules wrangler wrote beside it (its [[rules]] of type Text).
  const dir = dirname(scriptPath)
  const textModules = textModuleSuffix
    ? readdirSync(dir).filter((f) => f.endsWith(textModuleSuffix)).map((f) => ({ type: 'Text' as const, path: join(dir, f) }))
    : []
  // The worker-level options keep Miniflare 4's flat shape, which Miniflare 5 converts.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      ...workerOptions,
      modulesRoot: dir,
      modules: [{ type: 'ESModule', path: scriptPath }, ...textModules],
      compatibilityDate: COMPATIBILITY_DATE,
      compatibilityFlags: ['nodejs_compat'],
      host: '127.0.0.1',
      // With `ownSocket`, Miniflare's router (its entry worker) takes a free port and the traffic goes to the
      // worker's own socket. That router exists only locally (it adds cf headers and error pages); it costs
      // as much workerd CPU as the baseline route itself, and about 1 ms of a new decision's 6.
      port: ownSocket ? 0 : port,
      ...(ownSocket ? { unsafeDirectSockets: [{ host: '127.0.0.1', port }] } : {}),
      // BENCH_INSPECTOR_PORT opens V8's inspector, for CPU profiles of the worker under load (chrome://inspect).
      ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
      // Printing every request's log line would cost this process CPU the measured worker needs.
      handleStructuredLogs: ({ level, message }: { level: string; message: string }) => onLog(level, message),
    } as V4MiniflareOptions),
  )
  const url = ownSocket ? await mf.unsafeGetDirectURL() : await mf.ready
  return { mf, url: url.origin }
}

/** Applies the drizzle-kit migrations in `migrations/` to a Miniflare D1 database. */
export async function applyMigrations(mf: Miniflare, binding: string): Promise<void> {
  const db = await mf.getD1Database(binding)
  const files = readdirSync('migrations').filter((f) => f.endsWith('.sql')).sort()
  for (const file of files) {
    const statements = readFileSync(join('migrations', file), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean)
    for (const statement of statements) await db.prepare(statement).run()
  }
}

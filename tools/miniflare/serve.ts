/**
 * @module
 * A worker's built bundle under Miniflare (workerd), with every binding its wrangler file declares: wrangler
 * reads the file (`unstable_getMiniflareWorkerOptions`: vars, D1, KV, R2, queues with their consumers, Durable
 * Objects, module rules, [assets]) and this module only adds where the code comes from and the local server's
 * settings. A caller overrides vars, and nothing else names a binding: the wrangler file is the one list.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, extname, join, matchesGlob, resolve } from 'node:path'
import { convertV4MiniflareOptions, Miniflare, type V4MiniflareOptions, type V4WorkerOptions } from 'miniflare'
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler'

/**
 * Bundles the worker of `configPath` into `outDir` (`wrangler deploy --dry-run`, the top-level environment)
 * and returns the bundle's entry path.
 *
 * @example
 * const script = buildBundle('wrangler.fraud.toml', 'dist/bench-fraud')
 */
export function buildBundle(configPath: string, outDir: string, entry?: string): string {
  // An entry other than the wrangler file's `main` (the load test's fault-switch build) goes first, as wrangler takes it.
  execFileSync('npx', ['wrangler', 'deploy', ...(entry ? [entry] : []), '--dry-run', '--env=', '-c', configPath, '--outdir', outDir], { stdio: 'ignore' })
  return join(outDir, entry ? `${basename(entry, extname(entry))}.js` : 'index.js')
}

/** A worker beside the served one (a stand-in for a remote-only binding), in Miniflare 4's flat shape. */
export type ExtraWorker = V4WorkerOptions & { name: string }

export interface ServeOptions {
  /** The worker's wrangler file: its top-level environment gives every binding. */
  config: string
  /** The code to run: a bundle from buildBundle, or a plain module worker. */
  scriptPath: string
  /** Plain variables over the wrangler file's [vars]. */
  vars?: Record<string, string>
  /** 0 (the default) lets the system pick a free port. */
  port?: number
  /** Serve the traffic on the worker's own socket instead of through Miniflare's local router. */
  ownSocket?: boolean
  /** Receives the worker's console lines; by default warnings and errors go to stderr, the rest is dropped. */
  onLog?: (level: string, message: string) => void
  /**
   * Leave out the wrangler file's [assets]. In Miniflare they put an asset router worker in front of every
   * request (in production that routing is not the worker's CPU), so the benchmarks serve without them.
   */
  withoutAssets?: boolean
  /** Seconds a queue consumer waits to fill a batch, for every consumer (the wrangler file's otherwise). */
  queueBatchTimeout?: number
  /**
   * Remote-only bindings (Workers AI) answered by a stand-in worker of `workers`: binding name → the stand-in's
   * entrypoint. Without one, the remote-only bindings are left out, as `wrangler dev --local` has no model.
   */
  standIns?: Record<string, { name: string; entrypoint?: string }>
  /** Workers served beside this one (the stand-ins). */
  workers?: ExtraWorker[]
  /** Compatibility flags over the wrangler file's (an RPC stand-in may need one the real binding does not). */
  extraCompatibilityFlags?: string[]
  /** Answers the worker's requests to other hosts. */
  outboundService?: (request: Request) => Response | Promise<Response>
}

export interface ServedWorker {
  mf: Miniflare
  /** The origin traffic goes to, e.g. http://127.0.0.1:41234. */
  url: string
}

function printProblems(level: string, message: string): void {
  if (level === 'error' || level === 'warn') process.stderr.write(`${message}\n`)
}

/** One of the module rules wrangler reads from a wrangler file ([[rules]], then its defaults). */
interface ModuleRule {
  type: 'ESModule' | 'CommonJS' | 'Text' | 'Data' | 'CompiledWasm' | 'PythonModule' | 'PythonRequirement'
  include: string[]
}

/**
 * The modules wrangler wrote beside the bundle's entry (the knowledge base's text modules, for one), each typed
 * by the first of the wrangler file's module rules that matches it. Miniflare 5 no longer applies the rules
 * itself, so they are applied here.
 */
function additionalModules(scriptPath: string, rules: ModuleRule[]): { type: ModuleRule['type']; path: string }[] {
  const dir = dirname(scriptPath)
  const modules: { type: ModuleRule['type']; path: string }[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === basename(scriptPath)) continue
    const rule = rules.find((r) => r.include.some((glob) => matchesGlob(entry.name, glob)))
    if (rule !== undefined) modules.push({ type: rule.type, path: join(dir, entry.name) })
  }
  return modules
}

/**
 * The Miniflare options of the wrangler file's top-level environment, for the code at `scriptPath`.
 *
 * @example
 * const options = wranglerWorkerOptions({ config: 'wrangler.fraud.toml', scriptPath: 'dist/bench-fraud/index.js' })
 */
export function wranglerWorkerOptions(options: ServeOptions): V4WorkerOptions {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(options.config)
  // Workers AI has no local simulator: its binding is replaced by a stand-in, or left out.
  const { ai, assets, modulesRules = [], ...local } = workerOptions as V4WorkerOptions & { ai?: { binding: string }; modulesRules?: ModuleRule[] }
  const serviceBindings = { ...local.serviceBindings }
  const standIn = ai === undefined ? undefined : options.standIns?.[ai.binding]
  if (ai !== undefined && standIn !== undefined) serviceBindings[ai.binding] = standIn
  const unknown = Object.keys(options.standIns ?? {}).filter((name) => name !== ai?.binding)
  if (unknown.length > 0) throw new Error(`${options.config} has no remote-only binding ${unknown.join(', ')}`)
  const queueConsumers = options.queueBatchTimeout === undefined
    ? local.queueConsumers
    : Object.fromEntries(Object.entries(local.queueConsumers ?? {}).map(([queue, consumer]) => [queue, { ...consumer as object, maxBatchTimeout: options.queueBatchTimeout }]))
  const scriptPath = resolve(options.scriptPath)
  return {
    ...local,
    ...(options.withoutAssets ? {} : { assets }),
    rootPath: dirname(scriptPath),
    modulesRoot: dirname(scriptPath),
    modules: [{ type: 'ESModule', path: scriptPath }, ...additionalModules(scriptPath, modulesRules)],
    compatibilityFlags: [...(local.compatibilityFlags ?? []), ...(options.extraCompatibilityFlags ?? [])],
    bindings: { ...local.bindings, ...options.vars },
    queueConsumers,
    serviceBindings,
    ...(options.outboundService ? { outboundService: options.outboundService } : {}),
  } as V4WorkerOptions
}

/**
 * Starts Miniflare on a loopback port with the worker the wrangler file describes, and returns it with its URL:
 * Miniflare's router's, or with `ownSocket` the worker's own socket, which bypasses that router. Storage is
 * Miniflare's default: in memory (files under os.tmpdir()), fresh for every server.
 *
 * @example
 * const { mf, url } = await serveWorker({ config: 'wrangler.fraud.toml', scriptPath, vars: { REPLAY_TTL_SECONDS: '60' } })
 */
export async function serveWorker(options: ServeOptions): Promise<ServedWorker> {
  const { port = 0, ownSocket = false, onLog = printProblems, workers = [] } = options
  const worker = wranglerWorkerOptions(options)
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      // With `ownSocket`, Miniflare's router (its entry worker) takes a free port and the traffic goes to the
      // worker's own socket. That router exists only locally (it adds cf headers and error pages); it costs
      // as much workerd CPU as the baseline route itself, and about 1 ms of a new decision's 6.
      port: ownSocket ? 0 : port,
      // BENCH_INSPECTOR_PORT opens V8's inspector, for CPU profiles of the worker under load (chrome://inspect).
      ...(process.env.BENCH_INSPECTOR_PORT ? { inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT) } : {}),
      // Printing every request's log line would cost this process CPU the measured worker needs.
      handleStructuredLogs: ({ level, message }: { level: string; message: string }) => onLog(level, message),
      workers: [
        { ...worker, name: 'worker', ...(ownSocket ? { unsafeDirectSockets: [{ host: '127.0.0.1', port }] } : {}) },
        ...workers,
      ],
    } as V4MiniflareOptions),
  )
  const url = ownSocket ? await mf.unsafeGetDirectURL('worker') : await mf.ready
  await applyMigrations(mf, options.config)
  return { mf, url: url.origin }
}

/**
 * Applies the migrations of every D1 database of the wrangler file that names a `migrations_dir`
 * (drizzle-kit's `--> statement-breakpoint` files, in order) to that database under Miniflare.
 *
 * @example
 * await applyMigrations(mf, 'wrangler.fraud.toml')
 */
export async function applyMigrations(mf: Miniflare, configPath: string): Promise<void> {
  const config = unstable_readConfig({ config: configPath })
  for (const database of config.d1_databases) {
    if (database.migrations_dir === undefined) continue
    const dir = join(dirname(configPath), database.migrations_dir)
    const db = await mf.getD1Database(database.binding, 'worker')
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      const statements = readFileSync(join(dir, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const statement of statements) await db.prepare(statement).run()
    }
  }
}

/**
 * The compatibility date of a wrangler file, for a stand-in worker served beside it.
 *
 * @example
 * compatibilityDate('wrangler.ingredient.toml') // '2026-11-01'
 */
export function compatibilityDate(configPath: string): string {
  const date = unstable_readConfig({ config: configPath }).compatibility_date
  if (date === undefined) throw new Error(`${configPath} names no compatibility_date`)
  return date
}

/**
 * Opens the D1, KV and R2 stores of a wrangler file's worker as a local `wrangler dev` keeps them under
 * `persistRoot` (default .wrangler/state/v3), without running the worker: for tools that read what
 * `npm run dev` stored. Dispose of the returned Miniflare when done.
 *
 * @example
 * const mf = await openLocalStorage('wrangler.fraud.toml')
 * const bucket = await mf.getR2Bucket('ARCHIVE')
 */
export async function openLocalStorage(configPath: string, persistRoot = '.wrangler/state/v3'): Promise<Miniflare> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(configPath)
  const { d1Databases, kvNamespaces, r2Buckets } = workerOptions as V4WorkerOptions
  const mf = new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: 'export default {}', d1Databases, kvNamespaces, r2Buckets, resourcePersistencePath: persistRoot } as V4MiniflareOptions),
  )
  await mf.ready
  return mf
}

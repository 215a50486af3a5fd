/**
 * @module
 * Bundles the backtest thread (rescore-thread.ts, the worker's engine code and @duckdb/node-api) once per run
 * into one ES module in a temporary folder, so that each thread starts by parsing one file instead of loading
 * some 480 modules, most through the TypeScript loader (docs/archive.md, "Speed").
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/** DuckDB's native addon: left out of the bundle and required from where @duckdb/node-api finds it. */
const NATIVE = '@duckdb/node-bindings'

export interface ThreadBundle {
  entry: URL
  /** Deletes the temporary folder. */
  remove: () => Promise<void>
}

/**
 * Writes the bundle of the backtest thread into a new temporary folder.
 *
 * @example
 * const bundle = await bundleThread() // new Worker(bundle.entry, …), then await bundle.remove()
 */
export async function bundleThread(): Promise<ThreadBundle> {
  const dir = await mkdtemp(join(tmpdir(), 'archive-backtest-'))
  const outfile = join(dir, 'rescore-thread.mjs')
  // the bundle lives in a temporary folder: its `require` resolves from @duckdb/node-api's own place
  const from = fileURLToPath(import.meta.resolve('@duckdb/node-api'))
  await build({
    entryPoints: [fileURLToPath(new URL('./rescore-thread.ts', import.meta.url))],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
    external: [NATIVE],
    banner: { js: `import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(${JSON.stringify(from)});` },
  })
  return { entry: pathToFileURL(outfile), remove: () => rm(dir, { recursive: true, force: true }) }
}

/**
 * @module
 * Bundles the backtest thread (rescore-thread.ts and the worker's engine code it imports) once per run into one
 * ES module in a temporary folder, so that each thread starts by parsing one file instead of loading some 480
 * modules through the TypeScript loader (2 to 3 CPU seconds a thread; docs/archive.md, "Speed").
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/** DuckDB is a native addon: left out of the bundle and imported from this project's node_modules by its full path. */
const DUCKDB = '@duckdb/node-api'

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
  const duckdb = import.meta.resolve(DUCKDB)
  await build({
    entryPoints: [fileURLToPath(new URL('./rescore-thread.ts', import.meta.url))],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
    plugins: [
      {
        name: 'duckdb-by-path',
        setup(b) {
          b.onResolve({ filter: /^@duckdb\/node-api$/ }, () => ({ path: duckdb, external: true }))
        },
      },
    ],
  })
  return { entry: pathToFileURL(outfile), remove: () => rm(dir, { recursive: true, force: true }) }
}

/**
 * @module
 * Starts both workers the way `npm run dev` does (the same `dev:fraud` and `dev:ingredient` commands of
 * package.json, after the local D1 migrations), but on the docs test's own ports and in its own, fresh
 * storage directory, so a developer's `npm run dev` and its data are left alone.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { delimiter, join, resolve } from 'node:path'
import { startProcess, stopAll, waitFor } from '../ops/processes.ts'

export interface Ports {
  fraud: number
  ingredient: number
  fraudInspector: number
  ingredientInspector: number
}

/** The ports of `npm run dev`, which the documents name. */
export const DOCUMENTED_PORTS: Ports = { fraud: 8788, ingredient: 8787, fraudInspector: 9230, ingredientInspector: 9229 }

/**
 * Wipes `stateDir`, applies the migrations there and starts both workers; resolves once both answer.
 *
 * @example
 * await startWorkers({ fraud: 8798, ingredient: 8797, fraudInspector: 9240, ingredientInspector: 9239 }, '.wrangler/docs-test/state', '/tmp/logs')
 */
export async function startWorkers(ports: Ports, stateDir: string, logDir: string): Promise<void> {
  for (const port of [ports.fraud, ports.ingredient]) {
    // The previous document's workers may take a few seconds to let their port go.
    const free = await waitFor(`port ${port} to be free`, () => answers(port).then((up) => (up ? undefined : true)), 20_000).catch(() => false)
    if (!free) throw new Error(`Port ${port} already answers; stop what serves it, or pick other ports (DOCS_TEST_FRAUD_PORT, DOCS_TEST_INGREDIENT_PORT).`)
  }
  rmSync(stateDir, { recursive: true, force: true })
  mkdirSync(logDir, { recursive: true })
  const env = {
    ...process.env,
    PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}`,
    CLOUDFLARE_CF_FETCH_ENABLED: process.env.CLOUDFLARE_CF_FETCH_ENABLED ?? 'false',
    FRAUD_PORT: String(ports.fraud),
    INGREDIENT_PORT: String(ports.ingredient),
  }
  const migrate = spawnSync('wrangler', ['d1', 'migrations', 'apply', 'evidence', '--local', '-c', 'wrangler.fraud.toml', '--persist-to', stateDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  if (migrate.status !== 0) throw new Error(`The local D1 migrations failed:\n${String(migrate.stderr)}`)
  // One after the other, as npm run dev does: two workerd processes creating the same fresh state can hit SQLITE_BUSY.
  const fraud = startProcess('fraud', 'bash', ['-c', devCommand('dev:fraud', ports.fraud, ports.fraudInspector, stateDir)], join(logDir, 'fraud.log'), env)
  await waitFor('the fraud worker', () => answers(ports.fraud).then((up) => (up ? true : undefined)), 120_000, [fraud])
  const ingredient = startProcess('ingredient', 'bash', ['-c', devCommand('dev:ingredient', ports.ingredient, ports.ingredientInspector, stateDir)], join(logDir, 'ingredient.log'), env)
  await waitFor('the ingredient worker', () => answers(ports.ingredient).then((up) => (up ? true : undefined)), 120_000, [ingredient])
}

/** Stops both workers and everything they started. */
export const stopWorkers = stopAll

// The package.json script, with this run's ports and storage.
function devCommand(script: string, port: number, inspector: number, stateDir: string): string {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
  const command = scripts[script]
  if (!command) throw new Error(`package.json has no "${script}" script`)
  return `${command.replace(/--port[ =]\S+/, `--port ${port}`).replace(/--inspector-port[ =]\S+/, `--inspector-port ${inspector}`)} --persist-to '${stateDir}'`
}

async function answers(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  )
}

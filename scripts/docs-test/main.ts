/**
 * @module
 * `npm run docs:test`: runs every shell example of README.md and docs/*.md against both workers started as
 * `npm run dev` starts them, one document at a time, each on fresh local storage, and fails when an
 * example's answer differs from the output its document shows. How to mark examples up: docs/docs-test.md.
 *
 * Usage: npm run docs:test [-- docs/fraud.md …]
 * Ports: DOCS_TEST_FRAUD_PORT (8798), DOCS_TEST_INGREDIENT_PORT (8797), so a running `npm run dev` can stay.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { extractShellBlocks } from './extract.ts'
import { runDocument, type StepResult } from './run-document.ts'
import { DOCUMENTED_PORTS, startWorkers, stopWorkers, type Ports } from './server.ts'

const WORK = resolve('.wrangler/docs-test')
const STATE = join(WORK, 'state')

const ports: Ports = {
  fraud: Number(process.env.DOCS_TEST_FRAUD_PORT ?? 8798),
  ingredient: Number(process.env.DOCS_TEST_INGREDIENT_PORT ?? 8797),
  fraudInspector: Number(process.env.DOCS_TEST_FRAUD_INSPECTOR_PORT ?? 9240),
  ingredientInspector: Number(process.env.DOCS_TEST_INGREDIENT_INSPECTOR_PORT ?? 9239),
}

// The documents speak of npm run dev's ports and storage; their commands are pointed at this run's.
const replacements: [string, string][] = [
  [`localhost:${DOCUMENTED_PORTS.fraud}`, `localhost:${ports.fraud}`],
  [`localhost:${DOCUMENTED_PORTS.ingredient}`, `localhost:${ports.ingredient}`],
  ['.wrangler/state', STATE],
]

const documents = process.argv.length > 2 ? process.argv.slice(2) : ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).sort().map((f) => join('docs', f))]

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stopWorkers().then(() => process.exit(130)))

const started = Date.now()
let failed = 0
let passed = 0
let skipped = 0
for (const document of documents) {
  const blocks = extractShellBlocks(readFileSync(document, 'utf8'))
  skipped += blocks.filter((block) => block.skip).length
  if (blocks.every((block) => block.skip)) continue
  const t0 = Date.now()
  let results: StepResult[]
  const before = untracked()
  try {
    await startWorkers(ports, STATE, join(WORK, 'logs'))
    results = runDocument(blocks, { replacements, workDir: join(WORK, 'steps'), timeoutSeconds: 600, stateDir: STATE, fraudUrl: `http://localhost:${ports.fraud}` })
  } catch (error) {
    // The workers did not start: the document fails whole, and the others still run.
    failed++
    console.log(`FAIL ${document}: ${error instanceof Error ? error.message : String(error)}`)
    continue
  } finally {
    await stopWorkers()
    // Examples write files as a reader would (`> my-policy.json`); those the document names are not left behind.
    const commands = blocks.map((block) => block.code).join('\n')
    for (const file of untracked().filter((f) => !before.includes(f) && !f.includes('/') && commands.includes(f))) rmSync(file, { force: true })
  }
  const bad = results.filter((r) => r.problems.length > 0)
  failed += bad.length
  passed += results.length - bad.length
  console.log(`${bad.length === 0 ? 'ok  ' : 'FAIL'} ${document}: ${results.length} steps, ${bad.length} failed (${((Date.now() - t0) / 1000).toFixed(0)} s)`)
  for (const { step, problems } of bad) {
    console.log(`  ${document}:${step.line}  ${step.command.split('\n')[0]?.slice(0, 110)}`)
    if (step.expected) console.log(`    shows: ${step.expected.status ?? ''} ${step.expected.text.slice(0, 300)}`)
    for (const problem of problems) console.log(`    - ${problem}`)
  }
}
console.log(`docs test: ${passed} steps passed, ${failed} failed, ${skipped} blocks skipped as marked, in ${((Date.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed > 0 ? 1 : 0)

function untracked(): string[] {
  return spawnSync('git', ['ls-files', '--others', '--exclude-standard'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
}

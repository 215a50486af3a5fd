// npm run simulate: sends labelled telecom traffic (legitimate subscribers and fraud patterns) to a running
// fraud worker on this machine, posts each transaction's outcome, and prints recall and false-positive
// rates per pattern. A tool for tuning a policy, not a test: it prints what it measured.
//
// Then it backtests a stricter candidate (the bundled policy, or --candidate FILE, with lower thresholds) over
// the simulated window and prints both policies' precision and recall on those outcomes.
//
// The simulated business accounts' cards are allow-listed for the run: the candidate policy with them is
// staged and reloaded first, and the policy active before is rolled back to at the end (--keep-policy: no
// change, so the business accounts meet whatever the active policy says).
//
// Usage: npm run simulate -- [--url http://localhost:8788] [--api-key KEY] [--seed 42] [--scale 1]
//                            [--concurrency 6] [--time-limit 300] [--candidate FILE] [--skip-backtest]
//                            [--keep-policy] [--flip-labels SHARE] [--victim-labels SHARE] [--json]
// --flip-labels flips that share of the outcomes posted; --victim-labels labels that share of regular
// subscribers' genuine decisions (and every takeover victim's earlier one) chargeback: noisy labels, as an
// operator's are, for npm run policy:fit. The simulation's own recall still reads the true patterns.
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { assertLoopback, postOutcomes, sendSequences, type ClientOptions } from './client.ts'
import { backtestStricter, formatBacktest, stricterCandidate, type BacktestSummary } from './backtest.ts'
import { allowBusinessCards, rollBack, type PolicyDocument } from './business-policy.ts'
import { generateTraffic } from './patterns.ts'
import { withLabelNoise } from './label-noise.ts'
import { Random } from './random.ts'
import { format, summarise } from './report.ts'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8788' },
    'api-key': { type: 'string' },
    seed: { type: 'string', default: '42' },
    scale: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '6' },
    'time-limit': { type: 'string', default: '300' },
    candidate: { type: 'string', default: 'src/fraud/policy/default-policy.json' },
    'skip-backtest': { type: 'boolean', default: false },
    'keep-policy': { type: 'boolean', default: false },
    'flip-labels': { type: 'string', default: '0' },
    'victim-labels': { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})

if (values.help) {
  console.log(
    'Usage: npm run simulate -- [--url http://localhost:8788] [--api-key KEY] [--seed 42] [--scale 1] [--concurrency 6] [--time-limit 300] [--candidate FILE] [--skip-backtest] [--keep-policy] [--flip-labels SHARE] [--victim-labels SHARE] [--json]',
  )
  process.exit(0)
}

function bounded(name: string, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (!Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}`)
    process.exit(2)
  }
  return n
}

const baseUrl = new URL(values.url)
try {
  assertLoopback(baseUrl)
} catch (err) {
  console.error((err as Error).message)
  process.exit(2)
}
const seed = bounded('seed', values.seed, 0, 2 ** 32 - 1)
// Scale 1 is about 1,500 decisions; 4 (about 6,000) is the most one run sends.
const scale = bounded('scale', values.scale, 0.05, 4)
const timeLimitSeconds = bounded('time-limit', values['time-limit'], 5, 1800)
const options: ClientOptions = {
  baseUrl: baseUrl.toString(),
  apiKey: values['api-key'] ?? process.env.FRAUD_API_KEY,
  concurrency: bounded('concurrency', values.concurrency, 1, 32),
  deadline: Date.now() + timeLimitSeconds * 1000,
}

const health = await fetch(new URL('/health', options.baseUrl), { signal: AbortSignal.timeout(5_000) }).catch(() => null)
if (!health) {
  console.error(`No fraud worker answers at ${options.baseUrl} (start one with npm run dev).`)
  process.exit(1)
}

const noise = { flip: bounded('flip-labels', values['flip-labels'], 0, 0.5), victims: bounded('victim-labels', values['victim-labels'], 0, 1) }
const { traffic, counts: noiseCounts } = withLabelNoise(generateTraffic(new Random(seed), scale), noise, seed)
// Identifiers repeat for a seed; the run id keeps transaction ids unique across runs against one database.
const runId = `${seed}_${Date.now().toString(36)}`
const started = Date.now()
const steps = (seqs: typeof traffic.main) => seqs.reduce((n, s) => n + s.length, 0)
console.error(`seed ${seed}, scale ${scale}: ${steps(traffic.warmUp)} warm-up and ${steps(traffic.main)} main decisions to ${options.baseUrl}`)
if (noise.flip > 0 || noise.victims > 0) console.error(`label noise: ${noiseCounts.flipped} outcomes flipped, ${noiseCounts.victims} genuine decisions of taken-over accounts labelled chargeback`)

let policyNote = 'the active policy, unchanged (--keep-policy)'
let restore: string | null = null
if (!values['keep-policy']) {
  try {
    const staged = await allowBusinessCards(JSON.parse(await readFile(values.candidate, 'utf8')) as PolicyDocument, options)
    restore = staged.previous
    policyNote = `${staged.version} (${values.candidate} with the business accounts' cards allowed; ${staged.previous} is restored afterwards)`
  } catch (err) {
    console.error(`Could not stage the business accounts' allow list: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
}

const warm = await sendSequences(traffic.warmUp, runId, options)
const main = await sendSequences(traffic.main, runId, options)
if (restore !== null) await rollBack(restore, options).catch((err: unknown) => console.error(`Rollback to ${restore} failed: ${err instanceof Error ? err.message : String(err)}`))
const results = [...warm.results, ...main.results]
const errors = results.filter((r) => r.error !== undefined)
const outcomes = await postOutcomes(results, options)
const seconds = (Date.now() - started) / 1000

// The backtest reads the evidence of the run's window; the outcomes just posted label it.
let backtest: BacktestSummary | null = null
let backtestError: string | null = null
let candidateThresholds = ''
if (!values['skip-backtest'] && !outcomes.routeMissing) {
  try {
    const candidate = await stricterCandidate(values.candidate)
    candidateThresholds = Object.entries(candidate.thresholds as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', ')
    backtest = await backtestStricter(candidate, started - 1000, Date.now() + 1000, options)
  } catch (err) {
    backtestError = err instanceof Error ? err.message : String(err)
  }
}

const summary = summarise(results)
if (values.json) {
  console.log(JSON.stringify({ seed, scale, policy: policyNote, decisions: results.length, errors: errors.length, outcomes, label_noise: { ...noise, ...noiseCounts }, seconds, ...summary, backtest, backtest_error: backtestError }, null, 2))
} else {
  console.log(format(summary))
  console.log('')
  console.log(`Policy: ${policyNote}`)
  console.log(`${results.length} decisions in ${seconds.toFixed(1)} s (seed ${seed}, scale ${scale}); ${errors.length} errors${errors[0] ? ` (first: ${errors[0].error})` : ''}` + (warm.skipped + main.skipped > 0 ? `; ${warm.skipped + main.skipped} sequences skipped at the time limit` : ''))
  if (outcomes.routeMissing) console.log('Outcomes: this worker has no POST /transactions/{transaction_id}/outcome route (404); outcomes were not recorded.')
  else console.log(`Outcomes: ${outcomes.posted} recorded, ${outcomes.failed} refused${outcomes.firstError ? ` (first: ${outcomes.firstError})` : ''}`)
  if (backtest) console.log(`\n${formatBacktest(backtest, candidateThresholds)}`)
  if (backtestError) console.log(`\nBacktest not run: ${backtestError}`)
}

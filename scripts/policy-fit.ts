// Fits a candidate policy to the recorded outcomes through the worker's POST /policy/fit, prints its held-back
// report beside the active policy's, and says what was staged. Nothing is activated.
// With --dir, the same fit runs here over every decision and label of a pulled archive folder (npm run
// archive:pull; scripts/archive/fit.ts) and writes the candidate to --out.
//
// Usage: npm run policy:fit -- (--rates F,R,B | --costs FP,MISSED[,BLOCK_CONFIDENCE]) [--last N | --from ISO --to ISO] [--tenant <id>]
//   [--capacity REVIEW[,FRICTION]] [--max-recall-drop 0.05] [--trust-labels] [--holdout 0.3] [--seed 1] [--no-stage] [--url http://localhost:8788] [--key ADMIN_KEY] [--json]
//   [--dir DIR [--version V] [--out FILE]]
import { parseArgs } from 'node:util'
import { fitReportLines, type FitAnswer } from './policy-fit-report.ts'

const USAGE =
  'Usage: npm run policy:fit -- (--rates F,R,B | --costs FP,MISSED[,BLOCK_CONFIDENCE]) [--last N | --from ISO --to ISO] [--tenant <id>] [--capacity REVIEW[,FRICTION]] [--max-recall-drop 0.05] [--trust-labels] [--holdout 0.3] [--seed 1] [--no-stage] [--url http://localhost:8788] [--key ADMIN_KEY] [--json] [--dir DIR [--version V] [--out FILE]]'

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`)
  process.exit(2)
}

const { values } = parseArgs({
  options: {
    rates: { type: 'string' },
    costs: { type: 'string' },
    last: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    tenant: { type: 'string' },
    capacity: { type: 'string' },
    'max-recall-drop': { type: 'string' },
    'trust-labels': { type: 'boolean', default: false },
    holdout: { type: 'string' },
    seed: { type: 'string' },
    'no-stage': { type: 'boolean', default: false },
    url: { type: 'string', default: 'http://localhost:8788' },
    key: { type: 'string', default: process.env.FRAUD_ADMIN_KEY },
    json: { type: 'boolean', default: false },
    dir: { type: 'string' },
    version: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

/** Comma-separated numbers, exactly `count` of them. */
function numbers(name: string, raw: string, count: number, optional = 0): number[] {
  const parts = raw.split(',').map(Number)
  if (parts.length < count || parts.length > count + optional || parts.some((n) => !Number.isFinite(n))) {
    usage(`--${name} needs ${optional === 0 ? count : `${count} or ${count + optional}`} comma-separated numbers`)
  }
  return parts
}

let targets: unknown
if ((values.rates === undefined) === (values.costs === undefined)) usage('Give exactly one of --rates and --costs.')
if (values.rates !== undefined) {
  const [friction, review, block] = numbers('rates', values.rates, 3)
  targets = { rates: { friction, review, block } }
} else {
  const [falsePositive, missed, blockConfidence] = numbers('costs', values.costs!, 2, 1)
  targets = { costs: { false_positive: falsePositive, missed_fraud: missed, ...(blockConfidence === undefined ? {} : { block_confidence: blockConfidence }) } }
}
let capacity: { review: number; friction?: number } | undefined
if (values.capacity !== undefined) {
  const [review, friction] = numbers('capacity', values.capacity, 1, 1)
  capacity = { review: review!, ...(friction === undefined ? {} : { friction }) }
}
let maxRecallDrop: number | undefined
if (values['max-recall-drop'] !== undefined) {
  maxRecallDrop = Number(values['max-recall-drop'])
  if (!(maxRecallDrop >= 0 && maxRecallDrop <= 1)) usage('--max-recall-drop is a share from 0 to 1 (0.05: 5 points; 1 turns the check off)')
}
if (values.dir !== undefined) {
  if (values.last !== undefined) usage('--last is for the worker; over a folder give --from and --to (or neither: all of it).')
  // Imported by name only here: the offline fit runs the worker's source (the npm script loads the module hooks).
  const archiveFit = './archive/fit.ts'
  const { fitFromArchive } = (await import(archiveFit)) as { fitFromArchive: (input: Record<string, unknown>) => Promise<number> }
  const { timeRange } = await import('./archive/range-args.ts')
  process.exit(
    await fitFromArchive({
      dir: values.dir,
      ...timeRange(values.from, values.to),
      tenant: values.tenant ?? 'default',
      targets,
      ...(capacity ? { capacity } : {}),
      ...(maxRecallDrop === undefined ? {} : { maxRecallDrop }),
      holdout: values.holdout === undefined ? 0.3 : Number(values.holdout),
      seed: values.seed === undefined ? 1 : Number(values.seed),
      version: values.version,
      out: values.out,
      json: values.json,
      ...(values['no-stage'] ? {} : { stage: { url: values.url, key: values.key } }),
    }),
  )
}
const window =
  values.from !== undefined || values.to !== undefined
    ? { from: values.from ?? usage('--from needs --to'), to: values.to ?? usage('--to needs --from') }
    : values.last !== undefined
      ? { last: Number(values.last) }
      : undefined
const body = {
  targets,
  ...(window === undefined ? {} : { window }),
  ...(capacity ? { capacity } : {}),
  ...(maxRecallDrop === undefined ? {} : { max_recall_drop: maxRecallDrop }),
  ...(values['trust-labels'] ? { filter_labels: false } : {}),
  stage: !values['no-stage'],
  ...(values.holdout === undefined ? {} : { holdout: Number(values.holdout) }),
  ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
}
const query = values.tenant === undefined ? '' : `?tenant=${encodeURIComponent(values.tenant)}`
const url = new URL(`/policy/fit${query}`, values.url)

const response = await fetch(url, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(values.key ? { authorization: `Bearer ${values.key}` } : {}) },
  body: JSON.stringify(body),
  signal: AbortSignal.timeout(120_000),
}).catch((err: unknown) => {
  console.error(`No fraud worker answers at ${values.url} (${err instanceof Error ? err.message : String(err)}); start one with npm run dev, or give --url.`)
  process.exit(1)
})
const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null
if (values.json) console.log(JSON.stringify(answer, null, 2))
else if (response.status === 200 && answer) console.log(fitReportLines(answer as unknown as FitAnswer, query).join('\n'))
else if (answer?.error === 'insufficient_labels') {
  const counts = (answer.details as { counts: { fraud: number; minimum_fraud: number; labelled: number } }).counts
  console.error(`Too few fraud labels to fit: ${counts.fraud} of ${counts.minimum_fraud} (among ${counts.labelled} labelled decisions). Nothing was proposed or staged.`)
} else if (answer?.error === 'over_capacity' || answer?.error === 'recall_drop' || answer?.error === 'no_improvement') {
  console.error(`${String(answer.message)}\n${JSON.stringify(answer.details, null, 2)}`)
} else console.error(`POST ${url} answered ${response.status}: ${JSON.stringify(answer)}`)
process.exit(response.status === 200 ? 0 : 1)

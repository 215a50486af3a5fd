// npm run backtest -- --dir DIR [--from ISO --to ISO] (--policy FILE | --version V | --staged) [--tenant ID]
//   [--threads N] [--json]
// Re-scores every archived decision of the range in a pulled folder with a candidate policy, with the worker's
// own engine on one thread per core, and reports what POST /policy/backtest reports (distribution, changes,
// precision and recall on the pulled labels, settings that cannot be re-scored) plus the largest changes.
import { parseArgs } from 'node:util'
import { notRescorable } from '../../src/fraud/operator/backtest/not-rescorable.ts'
import type { Policy } from '../../src/fraud/model/policy.ts'
import type { PolicySide } from '../../src/fraud/operator/backtest/report.ts'
import { archiveBacktest } from './backtest/run.ts'
import { pulledLabels } from './labels.ts'
import { candidatePolicy, policyOfVersion } from './policies.ts'
import { timeRange } from './range-args.ts'

const USAGE = 'Usage: npm run backtest -- --dir DIR [--from ISO --to ISO] (--policy FILE | --version V | --staged) [--tenant default] [--threads N] [--json]'
const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    policy: { type: 'string' },
    version: { type: 'string' },
    staged: { type: 'boolean' },
    tenant: { type: 'string', default: 'default' },
    threads: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
})
if (values.help || values.dir === undefined) {
  console.error(USAGE)
  process.exit(values.help ? 0 : 2)
}
const dir = values.dir
const range = timeRange(values.from, values.to)
const candidate = candidatePolicy(dir, values)
const started = performance.now()
const result = await archiveBacktest({
  dir,
  ...range,
  tenant: values.tenant,
  candidate: candidate.policy,
  labels: pulledLabels(dir, range.from, range.to),
  ...(values.threads === undefined ? {} : { threads: Number(values.threads) }),
})
const seconds = (performance.now() - started) / 1000
if (result.comparison === null) {
  console.error(`No decision of tenant ${values.tenant} in ${result.objects} archive objects of the range.`)
  process.exit(1)
}
const comparison = result.comparison
const versions = Object.keys(comparison.current.policy_versions)
const decidedWith = new Map<string, Policy>()
const unknown: string[] = []
for (const version of versions) {
  const policy = policyOfVersion(dir, version)
  if (policy) decidedWith.set(version, policy)
  else unknown.push(version)
}
const report = {
  policies: { candidate: { version: candidate.policy.version, source: candidate.source } },
  window: { requested: { from: values.from ?? null, to: values.to ?? null }, first_decision_at: result.first_decision_at, last_decision_at: result.last_decision_at },
  ...comparison,
  not_rescorable: notRescorable(candidate.policy, decidedWith),
  unknown_policy_versions: unknown,
  top_changes: result.top_changes,
  run: { objects: result.objects, bytes: result.bytes, threads: result.threads, seconds: Math.round(seconds * 10) / 10, decisions_per_second: Math.round(comparison.decisions / seconds) },
}
if (values.json) {
  console.log(JSON.stringify(report, null, 2))
  process.exit(0)
}
const pct = (n: number | null) => (n === null ? '-' : `${(n * 100).toFixed(1)} %`)
const line = (name: string, side: PolicySide) =>
  `${name.padEnd(28)} ${Object.entries(side.distribution).map(([d, n]) => `${d} ${n}`).join('  ')}   ` +
  `review+: precision ${pct(side.quality.review_or_above.precision)} recall ${pct(side.quality.review_or_above.recall)}   ` +
  `block: precision ${pct(side.quality.block.precision)} recall ${pct(side.quality.block.recall)}`
console.log(`${comparison.decisions} decisions (${report.window.first_decision_at} to ${report.window.last_decision_at}), ${comparison.outcomes.labelled} labelled, ${comparison.outcomes.confirmed_fraud} confirmed fraud`)
console.log(line(`as decided (${versions.join(', ')})`, comparison.current))
console.log(line(`candidate ${candidate.policy.version}`, comparison.candidate))
console.log(`changed ${comparison.changed}: stricter ${comparison.stricter}, looser ${comparison.looser}; unscored ${comparison.unscored}`)
for (const cell of comparison.change_table) if (cell.from !== cell.to && cell.count > 0) console.log(`  ${cell.from} -> ${cell.to}: ${cell.count}`)
for (const s of report.not_rescorable) console.log(`not re-scorable: ${s.path} (${s.effect})`)
if (unknown.length > 0) console.log(`policy versions not pulled (their settings were not compared): ${unknown.join(', ')}`)
if (result.top_changes.length > 0) console.log('largest changes:')
for (const c of result.top_changes.slice(0, 10)) console.log(`  ${c.evidence_id} ${c.decided_at} ${c.from} -> ${c.to} risk ${c.stored_risk} -> ${c.candidate_risk} [${c.signals.join(', ')}]`)
console.log(`${result.objects} objects, ${(result.bytes / 1e6).toFixed(1)} MB, ${result.threads} threads, ${report.run.seconds} s: ${report.run.decisions_per_second} decisions a second`)

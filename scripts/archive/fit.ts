/**
 * @module
 * `npm run policy:fit -- --dir DIR …`: the fit of POST /policy/fit (operator/fit/fit.ts, unchanged) over every
 * decision of a range of a pulled archive and every pulled label, read through DuckDB; writes the candidate to a
 * file. The fit holds the range's records in memory (its rate targets are shares of all decisions): about
 * 3 KB a decision, so a few million decisions on a developer machine (docs/archive.md). Given a worker, it stages
 * the candidate there and puts it in shadow, as POST /policy/fit does; nothing is activated.
 */
import { writeFile } from 'node:fs/promises'
import { DuckDBInstance } from '@duckdb/node-api'
import type { EvidenceRecord } from '../../src/fraud/evidence/record.ts'
import { recordTenant } from '../../src/fraud/evidence/record.ts'
import { fitPolicy } from '../../src/fraud/operator/fit/fit.ts'
import { describeNoImprovement, describeRecallDrop } from '../../src/fraud/operator/fit/recall.ts'
import type { FitTargets } from '../../src/fraud/operator/fit/thresholds.ts'
import { fitReportLines, type FitAnswer } from '../policy-fit-report.ts'
import { pulledLabels } from './labels.ts'
import { localObjects } from './objects.ts'
import { policyOfVersion } from './policies.ts'
import { literal } from './views.ts'

export interface ArchiveFitInput {
  dir: string
  from: number
  to: number
  tenant: string
  targets: FitTargets
  holdout: number
  seed: number
  /** Largest shares of decisions at REVIEW and FRICTION; absent: the fit's default. */
  capacity?: { review: number; friction?: number }
  /** The most the candidate may lose of the active policy's held-back fraud recall at REVIEW or above (absent: the policy's). */
  maxRecallDrop?: number
  /** The policy the fit starts from; absent: the version that made most of the range's decisions. */
  version?: string
  out?: string
  json: boolean
  /** Where to stage the candidate (PUT /policy/staged, then into shadow); absent: the file only. */
  stage?: { url: string; key?: string }
}

/** The tenant's records of [from, to] in the folder, read by DuckDB. */
async function recordsOf(dir: string, from: number, to: number, tenant: string): Promise<EvidenceRecord[]> {
  const objects = await localObjects(dir, from, to)
  if (objects.length === 0) return []
  const db = await (await DuckDBInstance.create(':memory:')).connect()
  const result = await db.stream(`SELECT json FROM read_ndjson_objects([${objects.map((o) => literal(o.file)).join(', ')}], compression = 'gzip')`)
  const out: EvidenceRecord[] = []
  for await (const chunk of result) {
    for (const value of chunk.getColumnValues(0)) {
      const record = JSON.parse(String(value)) as EvidenceRecord
      const at = Date.parse(record.created_at)
      if (at >= from && at <= to && recordTenant(record) === tenant) out.push(record)
    }
  }
  db.closeSync()
  return out
}

/** Runs the fit; returns the exit code. */
export async function fitFromArchive(input: ArchiveFitInput): Promise<number> {
  const records = await recordsOf(input.dir, input.from, input.to, input.tenant)
  if (records.length === 0) {
    console.error(`No decision of tenant ${input.tenant} in the range of ${input.dir}.`)
    return 1
  }
  const byVersion = new Map<string, number>()
  for (const r of records) byVersion.set(r.policy_version, (byVersion.get(r.policy_version) ?? 0) + 1)
  const version = input.version ?? [...byVersion].sort((a, b) => b[1] - a[1])[0]![0]
  const active = policyOfVersion(input.dir, version)
  if (!active) {
    console.error(`No policy ${version} in ${input.dir}/policies (npm run archive:pull saves it) nor bundled: give --version.`)
    return 2
  }
  const labels = pulledLabels(input.dir, input.from, input.to)
  const result = fitPolicy({
    records,
    labels,
    active,
    targets: input.targets,
    holdout: input.holdout,
    seed: input.seed,
    nowMs: Date.now(),
    ...(input.capacity ? { capacity: input.capacity } : {}),
    ...(input.maxRecallDrop === undefined ? {} : { maxRecallDrop: input.maxRecallDrop }),
  })
  if (!result.ok && result.reason === 'over_capacity') {
    console.error(`The candidate exceeds the review capacity on the held-back decisions even with its thresholds raised; nothing was proposed.\n${JSON.stringify(result.capacity, null, 2)}`)
    return 1
  }
  if (!result.ok && result.reason === 'recall_drop') {
    console.error(`${describeRecallDrop(result.recall)}\n${JSON.stringify(result.recall, null, 2)}`)
    return 1
  }
  if (!result.ok && result.reason === 'no_improvement') {
    console.error(describeNoImprovement(result.expected_cost))
    return 1
  }
  if (!result.ok) {
    console.error(`Too few fraud labels to fit: ${result.counts.fraud} of ${result.counts.minimum_fraud} (among ${result.counts.labelled} labelled of ${result.counts.decisions} decisions). Nothing was proposed.`)
    return 1
  }
  const out = input.out ?? `candidate-${result.candidate.version}.json`
  await writeFile(out, `${JSON.stringify(result.candidate, null, 2)}\n`)
  const staged = input.stage ? await stageCandidate(input.stage, input.tenant, result.candidate) : null
  if (staged && 'error' in staged) {
    console.error(`Candidate written to ${out}, but not staged: ${staged.error}`)
    return 1
  }
  const answer = { ...result, active_version: active.version, staged }
  if (input.json) console.log(JSON.stringify(answer, null, 2))
  else console.log(fitReportLines(answer as unknown as FitAnswer, '').join('\n'))
  if (staged) console.log(`Candidate written to ${out}.`)
  else console.log(`Candidate written to ${out}: stage it with npm run policy:stage -- ${out} --url <worker> (then npm run backtest -- --dir ${input.dir} --policy ${out}).`)
  return 0
}

/** PUT /policy/staged, then POST /policy/shadow {"staged":true}: the candidate staged and shadowed, as the worker's own fit does. */
async function stageCandidate(stage: { url: string; key?: string }, tenant: string, candidate: unknown): Promise<{ version: string; shadow: true } | { error: string }> {
  const query = tenant === 'default' ? '' : `?tenant=${encodeURIComponent(tenant)}`
  const headers = { 'content-type': 'application/json', ...(stage.key ? { authorization: `Bearer ${stage.key}` } : {}) }
  const call = async (method: string, path: string, body: unknown) => {
    try {
      const response = await fetch(new URL(`${path}${query}`, stage.url), { method, headers, body: JSON.stringify(body) })
      return { status: response.status, text: await response.text() }
    } catch (err) {
      return { status: 0, text: `no fraud worker answers at ${stage.url} (${err instanceof Error ? err.message : String(err)})` }
    }
  }
  const put = await call('PUT', '/policy/staged', candidate)
  if (put.status !== 200 && put.status !== 201) return { error: `PUT /policy/staged answered ${put.status || 'nothing'}: ${put.text.slice(0, 300)}` }
  const shadow = await call('POST', '/policy/shadow', { staged: true })
  if (shadow.status !== 200) return { error: `staged, but POST /policy/shadow answered ${shadow.status || 'nothing'}: ${shadow.text.slice(0, 300)}` }
  return { version: (candidate as { version: string }).version, shadow: true }
}

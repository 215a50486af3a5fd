/**
 * @module
 * `npm run policy:fit -- --dir DIR …`: the fit of POST /policy/fit (operator/fit/fit.ts, unchanged) over every
 * decision of a range of a pulled archive and every pulled label, read through DuckDB; writes the candidate to a
 * file. The fit holds the range's records in memory (its rate targets are shares of all decisions): about
 * 3 KB a decision, so a few million decisions on a developer machine (docs/archive.md).
 */
import { writeFile } from 'node:fs/promises'
import { DuckDBInstance } from '@duckdb/node-api'
import type { EvidenceRecord } from '../../src/fraud/evidence/record.ts'
import { recordTenant } from '../../src/fraud/evidence/record.ts'
import { fitPolicy } from '../../src/fraud/operator/fit/fit.ts'
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
  /** The policy the fit starts from; absent: the version that made most of the range's decisions. */
  version?: string
  out?: string
  json: boolean
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
  const result = fitPolicy({ records, labels, active, targets: input.targets, holdout: input.holdout, seed: input.seed, nowMs: Date.now() })
  if (!result.ok) {
    console.error(`Too few fraud labels to fit: ${result.counts.fraud} of ${result.counts.minimum_fraud} (among ${result.counts.labelled} labelled of ${result.counts.decisions} decisions). Nothing was proposed.`)
    return 1
  }
  const out = input.out ?? `candidate-${result.candidate.version}.json`
  await writeFile(out, `${JSON.stringify(result.candidate, null, 2)}\n`)
  const answer = { ...result, active_version: active.version, staged: null }
  if (input.json) console.log(JSON.stringify(answer, null, 2))
  else console.log(fitReportLines(answer as unknown as FitAnswer, '').join('\n'))
  console.log(`Candidate written to ${out}: stage it with npm run policy:stage -- ${out} (then npm run backtest -- --dir ${input.dir} --policy ${out}).`)
  return 0
}

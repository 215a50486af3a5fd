/**
 * @module
 * One backtest worker thread: DuckDB reads its share of the archive objects (one DuckDB thread, so the cores go
 * to scoring), and the worker's own code re-scores each decision (operator/backtest/report.ts, compareDecisions,
 * whose observer also hands over each re-scored result for the list of changes) in batches of a DuckDB chunk.
 * Posts the comparison of its share and its largest changes.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { DuckDBInstance } from '@duckdb/node-api'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'
import type { OutcomeKind } from '../../../src/fraud/db/schema.ts'
import type { Policy } from '../../../src/fraud/model/policy.ts'
import type { BacktestComparison } from '../../../src/fraud/operator/backtest/report.ts'
import { literal } from '../views.ts'
import { mergeComparisons } from './merge.ts'
import { keepTop, type ChangedDecision } from './top-changes.ts'

export interface RescoreJob {
  files: string[]
  from: number
  to: number
  tenant: string
  candidate: Policy
  labels: [string, OutcomeKind][]
}

export interface RescoreResult {
  comparison: BacktestComparison | null
  top: ChangedDecision[]
  first: string | null
  last: string | null
}

const { compareDecisions } = await import('../../../src/fraud/operator/backtest/report.ts')
const { recordTenant } = await import('../../../src/fraud/evidence/record.ts')

const job = workerData as RescoreJob
const labels = new Map(job.labels)
// One DuckDB thread and a small buffer pool: it streams gzip objects, it keeps nothing.
const instance = await DuckDBInstance.create(':memory:', { threads: '1', memory_limit: '128MB' })
const db = await instance.connect()
const files = `[${job.files.map(literal).join(', ')}]`
const result = await db.stream(`SELECT json FROM read_ndjson_objects(${files}, compression = 'gzip')`)

let comparison: BacktestComparison | null = null
let top: ChangedDecision[] = []
let first: string | null = null
let last: string | null = null
for await (const chunk of result) {
  const records: EvidenceRecord[] = []
  for (const value of chunk.getColumnValues(0)) {
    const record = JSON.parse(String(value)) as EvidenceRecord
    const at = Date.parse(record.created_at)
    if (at < job.from || at > job.to || recordTenant(record) !== job.tenant) continue
    records.push(record)
    if (first === null || record.created_at < first) first = record.created_at
    if (last === null || record.created_at > last) last = record.created_at
  }
  if (records.length === 0) continue
  const part = compareDecisions(records, job.candidate, labels, (record, rescored) => {
    if (rescored.decision === record.decision) return
    top.push({
      evidence_id: record.evidence_id,
      decided_at: record.created_at,
      from: record.decision,
      to: rescored.decision,
      stored_risk: record.scores.overall_risk,
      candidate_risk: rescored.scores.overall_risk,
      signals: rescored.signals.map((s) => s.code),
    })
  })
  comparison = comparison === null ? part : mergeComparisons(comparison, part)
  top = keepTop(top)
}
parentPort!.postMessage({ comparison, top, first, last } satisfies RescoreResult)

/**
 * @module
 * Re-scores every decision of a range of a pulled archive on worker threads, one per core, each fed by its
 * own DuckDB reader over a share of the objects (shares balanced by bytes), and adds their answers up.
 */
import { availableParallelism } from 'node:os'
import { setFlagsFromString } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { bundleThread } from './bundle-thread.ts'
import type { OutcomeKind } from '../../../src/fraud/db/schema.ts'
import type { Policy } from '../../../src/fraud/model/policy.ts'
import type { BacktestComparison } from '../../../src/fraud/operator/backtest/report.ts'
import { localObjects, type LocalObject } from '../objects.ts'
import { mergeComparisons } from './merge.ts'
import type { RescoreJob, RescoreResult } from './rescore-thread.ts'
import { keepTop, type ChangedDecision } from './top-changes.ts'

export interface ArchiveBacktestInput {
  dir: string
  from: number
  to: number
  tenant: string
  candidate: Policy
  labels: Map<string, OutcomeKind>
  /** Worker threads; default: one per core. */
  threads?: number
}

export interface ArchiveBacktest {
  comparison: BacktestComparison | null
  top_changes: ChangedDecision[]
  first_decision_at: string | null
  last_decision_at: string | null
  objects: number
  bytes: number
  threads: number
}

/** Deals the objects out largest first, each to the share with the fewest bytes so far. */
function shares(objects: LocalObject[], count: number): string[][] {
  const out = Array.from({ length: count }, () => ({ files: [] as string[], bytes: 0 }))
  for (const object of [...objects].sort((a, b) => b.bytes - a.bytes)) {
    const lightest = out.reduce((min, share) => (share.bytes < min.bytes ? share : min))
    lightest.files.push(object.file)
    lightest.bytes += object.bytes
  }
  return out.filter((share) => share.files.length > 0).map((share) => share.files)
}

function runThread(entry: URL, job: RescoreJob): Promise<RescoreResult> {
  return new Promise((resolve, reject) => {
    // A bounded heap: a thread holds one chunk of records at a time, so a larger old generation only delays
    // collection. A young generation that holds a whole chunk's records and results lets them die young: with
    // the default (sized from the old generation's limit) they survive into it. 64 MB measured faster than 32,
    // 96 or 192 once the old generation grew fourfold (docs/archive.md, "Speed").
    const resourceLimits = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 64 }
    // The bundle is plain JavaScript: the thread needs neither the TypeScript loader nor its hooks.
    const worker = new Worker(entry, { workerData: job, resourceLimits, execArgv: [] })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`backtest thread exited with ${code}`))))
  })
}

/**
 * The backtest of `candidate` over the tenant's archived decisions of [from, to] in `dir`.
 *
 * @example
 * const { comparison } = await archiveBacktest({ dir: 'archive', from: 0, to: Date.now(), tenant: 'default', candidate, labels })
 */
export async function archiveBacktest(input: ArchiveBacktestInput): Promise<ArchiveBacktest> {
  // V8 sizes the next old-generation limit from what survived the last full collection: a thread keeps about 23 MB
  // alive, so the limit sat a few MB above it and a full collection ran every quarter second (180 a million
  // decisions, a sixth of a thread's CPU). Growing the limit fourfold leaves about 15; the heap stays capped by
  // each thread's maxOldGenerationSizeMb. V8 flags are process-wide: set when a backtest runs, not on import.
  setFlagsFromString('--heap-growing-percent=300')
  const objects = await localObjects(input.dir, input.from, input.to)
  const threads = Math.max(1, input.threads ?? availableParallelism())
  const labels = [...input.labels]
  const bundle = await bundleThread()
  const results = await Promise.all(
    shares(objects, threads).map((files) =>
      runThread(bundle.entry, { files, from: input.from, to: input.to, tenant: input.tenant, candidate: input.candidate, labels }),
    ),
  ).finally(bundle.remove)
  const parts = results.map((r) => r.comparison).filter((c): c is BacktestComparison => c !== null)
  const firsts = results.map((r) => r.first).filter((t): t is string => t !== null)
  const lasts = results.map((r) => r.last).filter((t): t is string => t !== null)
  return {
    comparison: parts.length === 0 ? null : parts.reduce(mergeComparisons),
    top_changes: keepTop(results.flatMap((r) => r.top)),
    first_decision_at: firsts.length === 0 ? null : firsts.sort()[0]!,
    last_decision_at: lasts.length === 0 ? null : lasts.sort().at(-1)!,
    objects: objects.length,
    bytes: objects.reduce((sum, o) => sum + o.bytes, 0),
    threads,
  }
}

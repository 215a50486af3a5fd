// The archive's backtest against the worker's: the fraud worker (its built bundle under Miniflare) decides a few
// hundred labelled transactions and archives them with its scheduled job; `archive:pull`'s code copies the local
// R2 and the labels, and `npm run backtest`'s code re-scores the copy on worker threads. On the same window, its
// answer equals POST /policy/backtest's, distribution, changes, precision and recall alike.
import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { buildBundle, type ServedWorker } from '@edge-workers/tools/miniflare'
import { FRAUD_CONFIG, serveFraud } from '@edge-workers/tools/workers'
import { archiveBacktest } from '../../../scripts/archive/backtest/run.ts'
import { pulledLabels } from '../../../scripts/archive/labels.ts'
import { pullArchive } from '../../../scripts/archive/pull/run.ts'
import { bucketSource, type R2Like } from '../../../scripts/archive/pull/source.ts'
import { openArchive } from '../../../scripts/archive/views.ts'
import { validatePolicy, type Policy } from '../../../src/fraud/model/policy.ts'
import { waitFor } from '../../support/wait.ts'

const DECISIONS = 240

/** A transaction of a seeded mix: ordinary ones, and risky ones that share a device and a card. */
function body(i: number): Record<string, unknown> {
  const risky = i % 4 === 0
  return {
    transaction_id: `tx_archive_${i}`,
    idempotency_key: `idem_archive_${i}`,
    amount_cents: risky ? 300 + (i % 7) * 100 : 1500 + i * 10,
    currency: 'EUR',
    service_id: 'svc_mobile',
    service_type: 'mobile',
    event_subtype: i % 3 === 0 ? 'topup' : 'sim_swap',
    card_token: risky ? `tok_shared_${i % 3}` : `tok_${i}`,
    user_id: `user_${risky ? i % 11 : i}`,
    phone_number: `+3361${String(1_000_000 + i)}`,
    device_fingerprint: risky ? `dev_farm_${i % 2}` : `dev_${i}`,
    ip_address: `82.65.${i % 5}.${1 + (i % 200)}`,
    timestamp: new Date().toISOString(),
    card_country: 'FR',
    ip_country: risky && i % 8 === 0 ? 'NG' : 'FR',
    ...(risky && i % 12 === 0 ? { ip_vpn: true } : {}),
  }
}

describe('npm run backtest over a pulled archive', () => {
  let worker: ServedWorker | undefined
  let dir: string
  let from: number
  let to: number

  const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${worker!.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  before(async () => {
    // A short batch timeout: the evidence reaches the staging objects within a second of the decision.
    worker = await serveFraud(buildBundle(FRAUD_CONFIG, 'dist/archive-test-fraud'), { vars: { ARCHIVE_OPEN_PARTITIONS: 'true' }, queueBatchTimeout: 1 })
    dir = await mkdtemp(join(tmpdir(), 'archive-test-'))
    from = Date.now() - 1000
    for (let i = 0; i < DECISIONS; i++) {
      const decided = await call('/decide', { body: body(i) })
      assert.equal(decided.status, 200, JSON.stringify(decided.body))
      // Labels: most risky ones fraud, some ordinary ones legitimate.
      if (i % 4 === 0 || i % 5 === 0) {
        const outcome = i % 4 === 0 && i % 3 !== 1 ? 'chargeback' : 'legitimate'
        const labelled = await call(`/transactions/tx_archive_${i}/outcome`, { body: { outcome } })
        assert.equal(labelled.status, 200, JSON.stringify(labelled.body))
      }
    }
    to = Date.now() + 1000
    // The scheduled job archives the staged records (open hours too: ARCHIVE_OPEN_PARTITIONS), until all are in R2.
    const scheduler = await worker.mf.getWorker()
    const db = await worker.mf.getD1Database('DB')
    await waitFor(`all ${DECISIONS} decisions archived`, async () => {
      await scheduler.scheduled({ scheduledTime: new Date() })
      const left = await db.prepare('SELECT count(*) AS n FROM decisions WHERE archived = 0').first<{ n: number }>()
      const total = await db.prepare('SELECT count(*) AS n FROM decisions').first<{ n: number }>()
      return total?.n === DECISIONS && left?.n === 0
    }, { intervalMs: 500 })
    const source = bucketSource((await worker.mf.getR2Bucket('ARCHIVE')) as unknown as R2Like, 'the test worker R2')
    await pullArchive({ source, dir, from, to, api: { url: worker.url, tenant: 'default' } })
  })

  after(async () => {
    await worker?.mf.dispose()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('pulls every decision, and the views count them', async () => {
    const db = await openArchive(dir)
    const rows = (await db.runAndReadAll('SELECT count(*) AS n, count(DISTINCT evidence_id) AS ids FROM decisions')).getRowObjectsJson()
    assert.deepEqual(rows, [{ n: String(DECISIONS), ids: String(DECISIONS) }])
    const labelled = (await db.runAndReadAll('SELECT count(*) AS n FROM outcomes JOIN decisions USING (evidence_id)')).getRowObjectsJson()
    assert.ok(Number(labelled[0]?.n) > 50)
    db.closeSync()
  })

  it('answers what POST /policy/backtest answers on the same window', async () => {
    const bundled = JSON.parse(await readFile('src/fraud/policy/default-policy.json', 'utf8')) as Policy
    const checked = validatePolicy({ ...bundled, version: '2030-01-01.1', thresholds: { block: 60, review: 40, friction: 20 } })
    assert.ok(checked.ok)
    const candidate = checked.policy
    const window = { from: new Date(from).toISOString(), to: new Date(to).toISOString() }
    const answered = await call('/policy/backtest', { body: { policy: candidate, window } })
    assert.equal(answered.status, 200, JSON.stringify(answered.body))
    const theirs = answered.body
    assert.equal(theirs.decisions, DECISIONS)
    assert.ok((theirs.changed as number) > 0, 'the candidate changes some decisions')

    const ours = await archiveBacktest({ dir, from, to, tenant: 'default', candidate, labels: pulledLabels(dir, from, to), threads: 2 })
    const fields = ['decisions', 'current', 'candidate', 'change_table', 'changed', 'stricter', 'looser', 'outcomes', 'unscored'] as const
    const pick = (report: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, report[f]]))
    assert.deepEqual(pick(ours.comparison as unknown as Record<string, unknown>), pick(theirs))
    assert.equal(ours.first_decision_at, (theirs.window as { first_decision_at: string }).first_decision_at)
    assert.ok(ours.top_changes.length > 0 && ours.top_changes.every((c) => c.from !== c.to))
  })
})

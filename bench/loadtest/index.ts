/**
 * @module
 * `npm run loadtest`: holds a rate of /decide requests (10,000 a minute for 5 minutes by default) against
 * the built fraud bundle under Miniflare, with a policy reload halfway, then drains the evidence queue,
 * runs the scheduled archive job past the current hour, and verifies D1, the R2 archive, /metrics and
 * every answer (bench/loadtest/verify.ts). Prints latencies and a verdict; exits 1 when a check fails.
 * With --d1-outage N (or --queue-outage N) the run builds the worker with its fault switch
 * (bench/loadtest/faulty-worker.ts) and makes D1 (or the evidence queue) fail for N seconds in its middle; the
 * policy reload then comes before the outage, and the verdict adds the outage's checks (verifyOutage).
 * Usage: npm run loadtest [-- --rate 10000 --seconds 300 --refresh-seconds 30 --max-in-flight 512 --via-router
 *                            --d1-outage 60 | --queue-outage 60]
 * (BENCH_STORAGE=disk keeps the local storage on disk instead of tmpfs, see useBenchStorage.)
 */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { parseArgs } from 'node:util'
import type { Miniflare } from 'miniflare'
import { childPids, sampleCoreUse } from '../process-cpu.ts'
import { buildBundle } from '@edge-workers/tools/miniflare'
import { serveBenchFraud, useBenchStorage } from '../serve.ts'
import { sendTraffic, type Kind, type Sent } from './traffic.ts'
import { sumSeries, verify, verifyOutage, type Outage, type PolicyWindow, type Stores } from './verify.ts'

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '300' },
    'refresh-seconds': { type: 'string', default: '30' },
    'max-in-flight': { type: 'string', default: '512' },
    'via-router': { type: 'boolean', default: false },
    'd1-outage': { type: 'string', default: '0' },
    'queue-outage': { type: 'string', default: '0' },
  },
})
const d1Outage = Number(values['d1-outage'])
const queueOutage = Number(values['queue-outage'])
const rate = Number(values.rate)
const seconds = Number(values.seconds)
if (d1Outage > 0 && queueOutage > 0) throw new Error('one outage a run: --d1-outage or --queue-outage')
const outageSeconds = d1Outage || queueOutage
if (!(outageSeconds >= 0 && outageSeconds < seconds * 0.7)) throw new Error('the outage must be shorter than 70% of --seconds')
const refreshSeconds = Number(values['refresh-seconds'])
const HOUR = 3_600_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The millisecond an evidence id was made: the first 48 bits of its UUID v7. */
const evidenceMs = (id: string) => parseInt(id.slice(4, 12) + id.slice(13, 17), 16)

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** Polls `probe` until it returns true or `ms` pass. */
async function waitFor(what: string, ms: number, probe: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms
  while (!(await probe())) {
    if (Date.now() > deadline) {
      console.log(`  gave up waiting for ${what} after ${ms / 1000} s (the checks will say what is missing)`)
      return
    }
    await sleep(1000)
  }
}

async function readStores(mf: Miniflare, url: string, expectedTx: number, expectedDecisions: number): Promise<Stores> {
  const db = await mf.getD1Database('DB')
  const count = async (sql: string) => (await db.prepare(sql).first<{ n: number }>())?.n ?? 0
  console.log('Draining the evidence queue into D1…')
  await waitFor('D1', 180_000, async () => (await count('SELECT count(*) AS n FROM decisions')) >= expectedTx)
  // The staging Durable Objects hold every record (the queue consumer stages it); the job archives them and
  // marks their D1 rows. Run it until no row is left
  // unarchived twice in a row, a few seconds apart, so a consumer batch still in flight is archived too
  // (a record staged again after its archive is merged by evidence id).
  console.log('Running the scheduled archive job past the current hour…')
  const worker = await mf.getWorker()
  const unarchived = () => count('SELECT count(*) AS n FROM decisions WHERE archived = 0')
  let settled = 0
  for (let run = 0; run < 60 && settled < 2; run++) {
    // Two hours ahead: the current hour's partitions are closed and past their grace, so they are archived.
    const result = await worker.scheduled({ scheduledTime: new Date(Date.now() + 2 * HOUR) })
    if (result.outcome !== 'ok') throw new Error(`scheduled job: ${result.outcome}`)
    settled = (await unarchived()) === 0 ? settled + 1 : 0
    // Settled once: a few seconds for a batch still in flight. Not settled: a batch retried after a failure
    // waits up to a minute before the queue delivers it again.
    await sleep(settled === 1 ? 5000 : 3000)
  }
  console.log(`  ${await unarchived()} decisions left unarchived`)
  const rows = await db.prepare('SELECT transaction_id AS tx FROM decisions').all<{ tx: string }>()
  const bucket = await mf.getR2Bucket('ARCHIVE')
  const archived: Stores['archived'] = []
  let cursor: string | undefined
  do {
    const page = await bucket.list({ cursor, limit: 1000 })
    for (const object of page.objects) {
      const body = await bucket.get(object.key)
      if (!body) continue
      const text = gunzipSync(Buffer.from(await body.arrayBuffer())).toString('utf8')
      for (const line of text.split('\n').filter(Boolean)) {
        const record = JSON.parse(line) as { transaction_id: string; evidence_id: string }
        archived.push({ tx: record.transaction_id, evidenceId: record.evidence_id })
      }
    }
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  // Metrics reach the MetricsDO after the answers (waitUntil): wait until the count settles.
  let metrics: Record<string, number> = {}
  await waitFor('/metrics', 30_000, async () => {
    metrics = sumSeries(await (await fetch(`${url}/metrics`)).text())
    return (metrics.fraud_decisions_total ?? 0) >= expectedDecisions
  })
  return { d1Transactions: rows.results.map((r) => r.tx), archived, metrics }
}

function latencies(sent: Sent[]) {
  const rows: Record<string, unknown>[] = []
  const groups: [string, Sent[]][] = [['all', sent], ...(['new', 'replay', 'duplicate', 'conflict'] as Kind[]).map((k): [string, Sent[]] => [k, sent.filter((s) => s.kind === k)])]
  for (const [name, group] of groups) {
    const times = group.map((s) => s.doneAt - s.sentAt).sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
    rows.push({ requests: name, count: times.length, 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'p99 ms': at(0.99), 'max ms': times.at(-1) ?? 0 })
  }
  console.table(rows)
}

useBenchStorage()
console.log(`Load test: ${rate} requests/min for ${seconds} s on POST /decide (built bundle under Miniflare, ${values['via-router'] ? "through Miniflare's router" : "on the worker's own socket"}).`)
const serverBefore = new Set(childPids())
// On the worker's own socket: a capacity test of the worker, not of Miniflare's local router (absent in
// production), which would take about a fifth of the CPU of every new decision (docs/performance.md).
// --via-router sends the traffic through that router instead.
const bundle = outageSeconds > 0 ? buildBundle('wrangler.fraud.toml', 'dist/loadtest-fraud-faults', 'bench/loadtest/faulty-worker.ts') : buildBundle('wrangler.fraud.toml', 'dist/loadtest-fraud')
// The outage's expected warnings (one per degraded decision, one per failed retry) are counted by event, not
// printed; anything else the worker logs at warn or error is printed as usual.
const expectedWarnings = new Map<string, number>()
const isolateCounts = new Map<string, number>()
const EXPECTED_IN_OUTAGE = new Set(['history_unavailable', 'history_row_deferred', 'history_row_retry_failed', 'evidence_send_held', 'evidence_outbox_send_failed', 'evidence_send_deferred', 'evidence_send_retry_failed', 'evidence_batch_failed'])
/** Set once the outage ends. */
let storeBack = false
const onLog = (level: string, message: string) => {
  if (level !== 'warn' && level !== 'error') return
  const event = /"event":"([a-z_]+)"/.exec(message)?.[1]
  if (outageSeconds > 0 && event && EXPECTED_IN_OUTAGE.has(event)) {
    expectedWarnings.set(event, (expectedWarnings.get(event) ?? 0) + 1)
    // Sampled events carry the isolate's running count: the largest is how many there were.
    const count = /"[a-z]+_in_isolate":(\d+)/.exec(message)?.[1]
    if (count) isolateCounts.set(event, Math.max(isolateCounts.get(event) ?? 0, Number(count)))
    // Expected while the store is down; once it is back, a failure says why the catch-up waits.
    if (storeBack && !message.includes('load-test fault switch')) process.stderr.write(`after the return: ${message.slice(0, 600)}\n`)
  }
  else process.stderr.write(`${message}\n`)
}
const { mf, url } = await serveBenchFraud(bundle, { POLICY_REFRESH_SECONDS: String(refreshSeconds) }, { ownSocket: !values['via-router'], onLog })
let failed = true
try {
  const before = (await json<{ version: string }>(await fetch(`${url}/policy/version`))).version
  const next = JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')) as { version: string }
  next.version = `loadtest-${Date.now().toString(36)}`
  const policy: PolicyWindow = { before, after: next.version, reloadSentAt: 0, reloadDoneAt: 0, refreshMs: refreshSeconds * 1000 }
  // Staged before the traffic (a staged policy changes nothing until reloaded); the midpoint only calls the
  // HTTP endpoint, as an operator's curl does. Miniflare's binding proxies can wait synchronously
  // (Atomics.wait) for workerd, and while this process waits it cannot drain workerd's log pipe: under
  // full traffic workerd then blocks writing its next request log line, and both sides hang for good.
  await (await mf.getKVNamespace('POLICY')).put('policy:staged', JSON.stringify(next))
  const reload = async () => {
    policy.reloadSentAt = Date.now()
    const swap = await json<{ new_version: string }>(await fetch(`${url}/policy/reload`, { method: 'POST' }))
    policy.reloadDoneAt = Date.now()
    if (swap.new_version !== next.version) throw new Error(`reload answered ${swap.new_version}, not ${next.version}`)
    console.log(`  policy reloaded: ${before} → ${next.version}`)
  }

  // How near its limit the server ran (workerd: every binding and the worker's JavaScript on one thread),
  // and what the sender itself used: it must not be the bottleneck.
  const server = sampleCoreUse(childPids().filter((pid) => !serverBefore.has(pid)))
  const senderBefore = process.cpuUsage()
  const started = Date.now()
  // An outage's middle is the run's middle; the reload then comes before it.
  const outage: Outage | undefined = outageSeconds > 0 ? { what: d1Outage > 0 ? 'd1' : 'queue', onSent: 0, onDone: 0, offSent: 0, offDone: 0 } : undefined
  const switchFault = async (down: boolean) => {
    if (!outage) return
    const at = Date.now()
    await json(await fetch(`${url}/__faults`, { method: 'POST', body: JSON.stringify({ [outage.what]: down }) }))
    if (down) Object.assign(outage, { onSent: at, onDone: Date.now() })
    else Object.assign(outage, { offSent: at, offDone: Date.now() })
    console.log(`  ${outage.what === 'd1' ? 'D1' : 'the evidence queue'} ${down ? 'down' : 'back'}`)
    if (!down) {
      storeBack = true
      await measureCatchUp(outage.offDone)
    }
  }
  const sentSoFar: Sent[] = []
  // How long after D1's return every decision made until then has its history row: polled each second (over
  // HTTP, never through a binding proxy, which could block this process under traffic; see above).
  let caughtUpAfterMs: number | undefined
  const measureCatchUp = async (until: number) => {
    // By the clock: under load each poll itself takes time, and the check reads the time since the return.
    // Past the check's 120 s it keeps polling (to 240 s) only to say when the rows did land.
    let nextReport = 10_000
    while (Date.now() - until < 240_000) {
      await sleep(1000)
      // Every decision answered by now whose evidence id (a UUID v7) says it was made until `until`.
      const expected = new Set(sentSoFar.filter((s) => s.status === 200 && !s.cached && s.evidenceId && evidenceMs(s.evidenceId) <= until).map((s) => s.tx)).size
      const { rows } = await json<{ rows: number }>(await fetch(`${url}/__faults/rows?until=${until}`))
      const after = Date.now() - until
      if (rows >= expected) {
        caughtUpAfterMs = after
        console.log(`  every history row of the decisions made until then in D1 ${(after / 1000).toFixed(1)} s after its return (${rows} rows)`)
        return
      }
      if (after >= nextReport) {
        console.log(`  ${(after / 1000).toFixed(0)} s after the return: ${rows} of ${expected} history rows`)
        nextReport += 10_000
      }
    }
    console.log('  history rows still missing 240 s after the return (the checks will say which)')
  }
  const outageStart = 0.5 - outageSeconds / seconds / 2
  const events = [
    { at: outage ? outageStart / 2 : 0.5, run: reload },
    ...(outage ? [{ at: outageStart, run: () => switchFault(true) }, { at: outageStart + outageSeconds / seconds, run: () => switchFault(false) }] : []),
  ]
  const { sent, behindMax, behindByTenSeconds } = await sendTraffic({ url, ratePerMinute: rate, seconds, maxInFlight: Number(values['max-in-flight']), events, sent: sentSoFar })
  const wall = (Date.now() - started) / 1000
  const serverUse = server.stop()
  const sender = process.cpuUsage(senderBefore)
  console.log(
    `CPU: workerd ${serverUse.mean.toFixed(2)} cores on average (${serverUse.max.toFixed(2)} in its busiest 5 s), its busiest ` +
      `thread ${serverUse.threadMean.toFixed(2)} (${serverUse.threadMax.toFixed(2)}); ` +
      `this process (sender and Miniflare) ${((sender.user + sender.system) / 1000 / (wall * 1000)).toFixed(2)}.`,
  )
  const achieved = Math.round((sent.length / seconds) * 60)
  console.log(`Sent ${sent.length} requests in ${wall.toFixed(1)} s (${achieved}/min over the ${seconds} s schedule; most behind: ${behindMax} requests).`)
  console.log(`Most behind in each 10 s of the run: ${behindByTenSeconds.join(' ')}`)
  latencies(sent)

  const distinct = new Set(sent.filter((s) => s.kind !== 'conflict').map((s) => s.tx)).size
  const fresh = sent.filter((s) => s.status === 200 && !s.cached).length
  const stores = await readStores(mf, url, distinct, fresh)
  const checks = [...verify(sent, stores, policy), ...(outage ? verifyOutage(sent, outage, stores.metrics) : [])]
  if (outage) {
    const caughtUp = caughtUpAfterMs === undefined ? 'not within 240 s' : `${(caughtUpAfterMs / 1000).toFixed(1)} s after the return`
    checks.push({ name: 'every history row of the decisions made until the return in D1 within 120 s', ok: caughtUpAfterMs !== undefined && caughtUpAfterMs <= 120_000, detail: caughtUp })
    console.log(`Expected outage warnings, by event: ${JSON.stringify(Object.fromEntries(expectedWarnings))}; sampled events' counts (at least): ${JSON.stringify(Object.fromEntries(isolateCounts))}`)
  }
  checks.unshift({
    name: `held ${rate} requests/min`,
    ok: sent.length >= 0.98 * (rate / 60) * seconds && behindMax <= rate / 60,
    detail: `${achieved}/min, at most ${behindMax} requests behind schedule`,
  })
  console.table(checks.map((c) => ({ check: c.name, result: c.ok ? 'pass' : 'FAIL', detail: c.detail })))
  failed = checks.some((c) => !c.ok)
  console.log(`Verdict: ${failed ? 'FAIL' : 'PASS'}`)
} finally {
  await mf.dispose()
}
process.exitCode = failed ? 1 : 0

/**
 * @module
 * The load test's traffic: an open-loop schedule at a fixed rate that mixes new transactions, replays of
 * decided ones, bursts of concurrent duplicates of one new transaction, and conflicting payloads under a
 * decided transaction_id; every answer is recorded for the verification.
 */

export type Kind = 'new' | 'replay' | 'duplicate' | 'conflict'

/** One request as sent and answered. */
export interface Sent {
  kind: Kind
  tx: string
  sentAt: number
  doneAt: number
  status: number
  evidenceId?: string
  policyVersion?: string
  cached?: boolean
  /** The answer said degraded: true. */
  degraded?: boolean
  /** The answer carried the signal HISTORY_UNAVAILABLE. */
  historyUnavailable?: boolean
  errorCode?: string
}

export interface TrafficOptions {
  url: string
  /** Requests a minute. */
  ratePerMinute: number
  seconds: number
  /** Each called once, at its fraction of the run (the policy reload, an outage's start and end). */
  events?: { at: number; run: () => Promise<void> }[]
  /** Requests in flight beyond this wait: the schedule falls behind, which the report shows. */
  maxInFlight: number
  /** Where the answers go as they arrive (for a check during the run); a new array by default. */
  sent?: Sent[]
}

/** Concurrent copies of one new transaction in a duplicate burst. */
export const BURST = 4

let serial = 0
function body(tx: string, i: number, amountCents?: number): string {
  // Fresh identifiers per transaction (a busy shop, not one card), so the history stays realistic.
  return JSON.stringify({
    transaction_id: tx,
    idempotency_key: `idem_${tx}`,
    amount_cents: amountCents ?? 1500 + (i % 50) * 100,
    currency: 'EUR',
    service_id: 'svc_mobile_prepaid',
    service_type: 'mobile',
    event_subtype: i % 10 === 0 ? 'sim_swap' : 'topup',
    card_token: `tok_${i % 5003}`,
    user_id: `user_${i % 4001}`,
    phone_number: `+3361${String(i % 10_000_000).padStart(7, '0')}`,
    device_fingerprint: `dev_${i % 3001}`,
    ip_address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    timestamp: new Date().toISOString(),
    card_country: 'FR',
    ip_country: 'FR',
  })
}

/**
 * Sends the traffic and returns every answer. The mix per scheduled slot: 65% new transactions, 20%
 * replays, 10% bursts of BURST concurrent duplicates (each copy one request), 5% conflicting payloads.
 *
 * @example
 * const sent = await sendTraffic({ url, ratePerMinute: 10_000, seconds: 300, maxInFlight: 512 })
 */
export async function sendTraffic(options: TrafficOptions): Promise<{ sent: Sent[]; behindMax: number; behindByTenSeconds: number[] }> {
  const run = `lt${Date.now().toString(36)}`
  const sent: Sent[] = options.sent ?? []
  /** Decided transactions (first answer 200), with the index their body was made from. */
  const decided: { tx: string; i: number }[] = []
  const inFlight = new Set<Promise<void>>()
  const perMs = options.ratePerMinute / 60_000
  const started = Date.now()
  const end = started + options.seconds * 1000
  let scheduled = 0
  let behindMax = 0
  const behindByTenSeconds: number[] = []
  const pending = (options.events ?? []).map((event) => ({ ...event, due: started + event.at * options.seconds * 1000 }))
  const running: Promise<void>[] = []

  const post = async (kind: Kind, tx: string, payload: string): Promise<Sent> => {
    const record: Sent = { kind, tx, sentAt: Date.now(), doneAt: 0, status: 0 }
    try {
      const response = await fetch(`${options.url}/decide`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload })
      record.status = response.status
      const json = (await response.json()) as Record<string, unknown>
      if (response.status === 200) {
        record.evidenceId = json.evidence_id as string
        record.policyVersion = json.policy_version as string
        record.cached = json.cached === true
        record.degraded = json.degraded === true
        record.historyUnavailable = (json.signals as { code: string }[] | undefined)?.some((signal) => signal.code === 'HISTORY_UNAVAILABLE') === true
      } else {
        record.errorCode = (json.error as { code?: string } | undefined)?.code ?? String(json.error)
      }
    } catch (err) {
      record.errorCode = `network: ${err instanceof Error ? err.message : String(err)}`
    }
    record.doneAt = Date.now()
    sent.push(record)
    return record
  }
  const track = (work: Promise<unknown>) => {
    const p = work.then(() => undefined)
    inFlight.add(p)
    void p.finally(() => inFlight.delete(p))
  }
  const fresh = (kind: Kind) => {
    serial += 1
    return { tx: `tx_${run}_${serial}`, i: serial, kind }
  }

  while (Date.now() < end) {
    while (pending.length > 0 && Date.now() >= Math.min(...pending.map((e) => e.due))) {
      const next = pending.reduce((a, b) => (b.due < a.due ? b : a))
      pending.splice(pending.indexOf(next), 1)
      running.push(next.run())
    }
    const due = Math.floor((Date.now() - started) * perMs)
    behindMax = Math.max(behindMax, due - scheduled)
    // Where in the run the schedule slipped: the most behind in each 10 s of it.
    const tenth = Math.floor((Date.now() - started) / 10_000)
    behindByTenSeconds[tenth] = Math.max(behindByTenSeconds[tenth] ?? 0, due - scheduled)
    while (scheduled < due && inFlight.size < options.maxInFlight) {
      const roll = Math.random()
      const past = decided.length > 0 ? decided[Math.floor(Math.random() * decided.length)] : undefined
      if (roll < 0.2 && past) {
        track(post('replay', past.tx, body(past.tx, past.i)))
        scheduled += 1
      } else if (roll < 0.25 && past) {
        // Another amount under a decided transaction_id: a planned 409.
        track(post('conflict', past.tx, body(past.tx, past.i, 99_999)))
        scheduled += 1
      } else if (roll < 0.35) {
        const { tx, i } = fresh('duplicate')
        const payload = body(tx, i)
        track(Promise.all(Array.from({ length: BURST }, () => post('duplicate', tx, payload))).then((answers) => {
          if (answers.some((a) => a.status === 200)) decided.push({ tx, i })
        }))
        scheduled += BURST
      } else {
        const { tx, i } = fresh('new')
        track(post('new', tx, body(tx, i)).then((answer) => {
          if (answer.status === 200) decided.push({ tx, i })
        }))
        scheduled += 1
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await Promise.all([...inFlight, ...running])
  return { sent, behindMax, behindByTenSeconds: Array.from(behindByTenSeconds, (n) => n ?? 0) }
}

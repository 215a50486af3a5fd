// Synthetic labelled decisions with known true coefficients: each record is a clone of one real decision with
// some of four boolean signals set, labelled fraud with the logistic probability of the true model.
import { env } from 'cloudflare:workers'
import { v7 } from 'uuid'
import type { EvidenceRecord } from '../../../../src/fraud/evidence/record.ts'
import type { OutcomeKind } from '../../../../src/fraud/db/schema.ts'
import { BUNDLED_POLICY } from '../../../../src/fraud/policy/store.ts'
import { decideOk, validBody } from '../../helpers.ts'

/** The true strength multipliers of the four signals (1 would be the bundled weight as it is). */
export const TRUE_COEFFICIENTS = { 'bot.rooted': 2.5, 'geo_anomaly.tor': 1.5, 'geo_anomaly.vpn': 0, 'bot.datacenter_ip': 1 } as const
export const TRUE_INTERCEPT = -2

const FLAGS = [
  { feature: 'device_rooted', request: 'device_rooted', name: 'bot.rooted', weight: BUNDLED_POLICY.detectors.bot.weights.rooted },
  { feature: 'ip_tor', request: 'ip_tor', name: 'geo_anomaly.tor', weight: BUNDLED_POLICY.detectors.geo_anomaly.weights.tor },
  { feature: 'ip_vpn', request: 'ip_vpn', name: 'geo_anomaly.vpn', weight: BUNDLED_POLICY.detectors.geo_anomaly.weights.vpn },
  { feature: 'ip_datacenter', request: 'ip_datacenter', name: 'bot.datacenter_ip', weight: BUNDLED_POLICY.detectors.bot.weights.datacenter_ip },
] as const

/** A seeded generator (mulberry32), so a failure can be reproduced. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One real clean decision's record, the template of the synthetic ones. */
export async function templateRecord(): Promise<EvidenceRecord> {
  const decision = await decideOk(validBody())
  const record = await env.TRANSACTIONS.getByName(decision.transaction_id).evidence(decision.evidence_id)
  if (!record) throw new Error('no template record')
  return record as EvidenceRecord
}

/**
 * `count` records spread over the last `spanMs`, labelled by the true model; `fraudCap` stops labelling fraud
 * after that many (the refusal test). The tenant is the template's unless given.
 */
export function syntheticRecords(template: EvidenceRecord, count: number, seed: number, options: { spanMs?: number; endMs?: number; fraudCap?: number; tenant?: string } = {}) {
  const random = seeded(seed)
  const now = options.endMs ?? Date.now()
  const span = options.spanMs ?? 3_600_000
  const records: EvidenceRecord[] = []
  const labels = new Map<string, OutcomeKind>()
  let fraud = 0
  for (let i = 0; i < count; i++) {
    const features = { ...template.features }
    const request = { ...template.request, transaction_id: `tx_fit_${seed}_${i}` }
    let logit = TRUE_INTERCEPT
    for (const flag of FLAGS) {
      const on = random() < 0.35
      ;(features as Record<string, unknown>)[flag.feature] = on
      ;(request as Record<string, unknown>)[flag.request] = on
      if (on) logit += TRUE_COEFFICIENTS[flag.name] * -Math.log(1 - flag.weight)
    }
    // A v7 id whose random part comes from the seed: with a fixed endMs the held-back split is the same every run.
    const id = `evt_${v7({ msecs: now - span + Math.floor((i / count) * span), random: Uint8Array.from({ length: 16 }, () => Math.floor(random() * 256)) })}`
    const record: EvidenceRecord = { ...template, evidence_id: id, transaction_id: request.transaction_id, request, features, signals: [] }
    if (options.tenant !== undefined) record.tenant = options.tenant
    const isFraud = random() < 1 / (1 + Math.exp(-logit)) && fraud < (options.fraudCap ?? Infinity)
    if (isFraud) fraud += 1
    labels.set(id, isFraud ? (i % 3 === 0 ? 'fraud_confirmed' : 'chargeback') : 'legitimate')
    records.push(record)
  }
  return { records, labels, fraud }
}

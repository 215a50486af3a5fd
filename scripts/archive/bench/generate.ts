/**
 * @module
 * Writes a synthetic archive of N decisions in the archive's own format: each decision is built and scored by
 * the worker's engine (features, evaluate) from a seeded mix of ordinary and risky traffic, and each hour's
 * records are written by the worker's archive writer (archivePartition) into a local folder, one gzip NDJSON
 * object per hour and shard. About 2 % of the decisions get an outcome (outcomes.ndjson), most risky ones fraud.
 * Needs the tools' module hooks (@edge-workers/tools/loader) loaded: the engine is the worker's source.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { Random } from '../../simulate/random.ts'
import { FileBucket } from '../file-bucket.ts'
import { outcomesFile } from '../folder.ts'
import type { EvidenceRecord } from '../../../src/fraud/evidence/record.ts'

const { archivePartition } = await import('../../../src/fraud/evidence/archive.ts')
const { partitionOf } = await import('../../../src/fraud/evidence/archive-layout.ts')
const { newEvidenceId } = await import('../../../src/fraud/evidence/ids.ts')
const { buildFeatures, EMPTY_HISTORY } = await import('../../../src/fraud/engine/features.ts')
const { evaluate } = await import('../../../src/fraud/engine/evaluate.ts')
const { validatePolicy } = await import('../../../src/fraud/model/policy.ts')

const HOUR = 3_600_000
const SUBTYPES = ['topup', 'topup', 'topup', 'sim_activation', 'device_upgrade', 'sim_swap', 'international_enable', 'equipment_purchase'] as const
const COUNTRIES = ['FR', 'FR', 'FR', 'DE', 'ES', 'GB', 'NG', 'US']

/** The bundled policy, validated as the worker validates it. */
export function bundledPolicy() {
  const checked = validatePolicy(JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')))
  if (!checked.ok) throw new Error('default-policy.json is invalid')
  return checked.policy
}

/** One decision scored by the engine, and, sometimes, its outcome. */
function scoredDecision(random: Random, at: number, n: number, policy: ReturnType<typeof bundledPolicy>): { record: EvidenceRecord; outcome: string | null } {
  const risky = random.chance(0.08)
  const subtype = SUBTYPES[random.int(0, SUBTYPES.length - 1)]!
  const user = random.int(1, 200_000)
  const request = {
    transaction_id: `tx_${n}`,
    idempotency_key: `idem_${n}`,
    amount_cents: subtype === 'topup' ? random.int(100, 5000) : random.int(1000, 120_000),
    currency: 'EUR',
    service_id: 'svc_mobile',
    service_type: 'mobile' as const,
    event_subtype: subtype,
    card_token: `tok_${risky ? random.int(1, 500) : user}`,
    user_id: `user_${user}`,
    phone_number: `+336${String(user).padStart(8, '0')}`,
    device_fingerprint: `dev_${risky ? random.int(1, 300) : user}`,
    ip_address: `82.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`,
    timestamp: new Date(at).toISOString(),
    card_country: COUNTRIES[random.int(0, COUNTRIES.length - 1)]!,
    ip_country: risky && random.chance(0.5) ? 'NG' : 'FR',
    ...(risky && random.chance(0.3) ? { ip_vpn: true } : {}),
    ...(risky && random.chance(0.1) ? { device_emulator: true } : {}),
  }
  const history = {
    ...EMPTY_HISTORY,
    userKnown: !risky || random.chance(0.3),
    userRecent: random.int(0, risky ? 8 : 2),
    cardRecent: random.int(0, risky ? 8 : 2),
    deviceOtherCards: risky ? random.int(0, 6) : 0,
    deviceSmallTopups: risky ? random.int(0, 6) : random.int(0, 1),
    cardOtherUsers: risky ? random.int(0, 5) : 0,
    userFirstSeenAt: risky && random.chance(0.5) ? null : at - random.int(1, 2000) * HOUR,
    userDeviceSeen: !risky,
    lastSimSwapAt: risky && random.chance(0.2) ? at - random.int(1, 600) * 60_000 : null,
  }
  const features = buildFeatures(request, history, policy, at)
  const evaluation = evaluate(request, features, policy)
  const record: EvidenceRecord = {
    evidence_id: newEvidenceId(at),
    transaction_id: request.transaction_id,
    idempotency_key: request.idempotency_key,
    payload_fingerprint: random.hex(64),
    decision: evaluation.decision,
    scores: evaluation.scores,
    signals: evaluation.signals,
    policy_version: policy.version,
    latency_ms: random.int(2, 40),
    created_at: new Date(at).toISOString(),
    request,
    features,
  }
  const labelled = random.chance(0.02)
  const fraud = risky ? random.chance(0.7) : random.chance(0.02)
  return { record, outcome: labelled ? (fraud ? (random.chance(0.5) ? 'chargeback' : 'fraud_confirmed') : 'legitimate') : null }
}

/** Distinct scored decisions; the archive repeats them under new ids and times (scoring each of a million is minutes). */
const TEMPLATES = 8192

/** A template under the evidence id, transaction and time of decision `n` at `at`. */
function stamped(template: { record: EvidenceRecord; outcome: string | null }, at: number, n: number): EvidenceRecord {
  const time = new Date(at).toISOString()
  const ids = { transaction_id: `tx_${n}`, idempotency_key: `idem_${n}` }
  return { ...template.record, evidence_id: newEvidenceId(at), ...ids, created_at: time, request: { ...template.record.request, ...ids, timestamp: time } }
}

async function* staged(lines: { id: string; line: string }[]) {
  yield* lines
}

/**
 * Writes `count` decisions spread evenly over `hours` hours ending at `end` into `dir`; returns the outcomes written.
 *
 * @example
 * await generateArchive('/tmp/archive', { count: 1_000_000, hours: 24, seed: 1, end: Date.parse('2026-11-24T00:00Z') })
 */
export async function generateArchive(dir: string, options: { count: number; hours: number; seed: number; end: number }): Promise<number> {
  const policy = bundledPolicy()
  const random = new Random(options.seed)
  const bucket = new FileBucket(dir)
  const start = options.end - options.hours * HOUR
  const step = (options.hours * HOUR) / options.count
  const templates = Array.from({ length: TEMPLATES }, (_, i) => scoredDecision(random, start + i, i, policy))
  const outcomes: string[] = []
  await mkdir(dir, { recursive: true })
  let n = 0
  for (let hour = 0; hour < options.hours; hour++) {
    const byPartition = new Map<string, { id: string; line: string }[]>()
    for (; n < options.count && start + n * step < start + (hour + 1) * HOUR; n++) {
      const at = Math.floor(start + n * step)
      const template = templates[random.int(0, TEMPLATES - 1)]!
      const record = stamped(template, at, n)
      const outcome = template.outcome
      const partition = partitionOf(record.evidence_id)!
      const list = byPartition.get(partition) ?? []
      list.push({ id: record.evidence_id, line: JSON.stringify(record) })
      byPartition.set(partition, list)
      if (outcome) outcomes.push(JSON.stringify(outcomeBody(record, outcome)))
    }
    // The hour's shards at once: each write waits on the compressor, so one at a time leaves the CPU idle.
    await Promise.all([...byPartition].map(([partition, lines]) => archivePartition(bucket as unknown as R2Bucket, partition, staged(lines.sort((a, b) => (a.id < b.id ? -1 : 1))))))
  }
  await writeFile(outcomesFile(dir), outcomes.join('\n') + '\n')
  return outcomes.length
}

/** An outcome as GET /outcomes answers it. */
function outcomeBody(record: EvidenceRecord, outcome: string) {
  return {
    transaction_id: record.transaction_id,
    evidence_id: record.evidence_id,
    decision: record.decision,
    policy_version: record.policy_version,
    decided_at: record.created_at,
    outcome,
    reported_at: record.created_at,
    recorded_at: record.created_at,
    source: 'bench',
    note: null,
    resolved_by: null,
  }
}

/**
 * @module
 * Engine micro-benchmarks in Node (workerd's clock advances only across I/O), as CPU time. `decide`:
 * features + scoring of one decision with the bundled policy, in µs. `analyze`: parsing and analysing the
 * 40-ingredient moisturiser in steady state, in ms. `cold`: a fresh process's knowledge-base loading plus
 * its first analysis, in ms. Each mode prints one JSON line.
 * Run through bench/micro/index.ts, with bench/micro/hooks.ts loaded.
 */
import { readFileSync } from 'node:fs'
import { FRENCH_MOISTURISER } from '../../test/ingredient/fixtures/analyze-labels.ts'

const mode = process.argv[2] ?? 'decide'
const iterations = Number(process.argv[3] ?? '2000')

/**
 * CPU time of this process per call of `work` over `iterations` calls, after a warm-up, in milliseconds:
 * what the engine costs, whatever else runs on the machine (wall time on a shared machine also counts
 * waiting for a core).
 */
function cpuMsPerCall(work: () => unknown, warmUp: number): number {
  for (let i = 0; i < warmUp; i++) work()
  const start = process.cpuUsage()
  for (let i = 0; i < iterations; i++) work()
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / iterations
}

if (mode === 'decide') {
  const { DecisionRequest } = await import('../../src/fraud/decide/request.ts')
  const { buildFeatures, EMPTY_HISTORY } = await import('../../src/fraud/engine/features.ts')
  const { evaluate } = await import('../../src/fraud/engine/evaluate.ts')
  // The bundled policy as the worker validates it (store.ts, which also reads KV, needs the Workers types).
  const { validatePolicy } = await import('../../src/fraud/policy/schema.ts')
  const checked = validatePolicy(JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')))
  if (!checked.ok) throw new Error('default-policy.json is invalid')
  const BUNDLED_POLICY = checked.policy
  // A top-up that raises signals (small amount, country mismatch, busy device), so rules and detectors work.
  const request = DecisionRequest.parse({
    transaction_id: 'tx_micro', idempotency_key: 'idem_micro', amount_cents: 200, currency: 'EUR', service_id: 'svc_mobile',
    service_type: 'mobile', event_subtype: 'topup', card_token: 'tok_micro', user_id: 'user_micro', device_fingerprint: 'dev_micro',
    ip_address: '82.65.1.2', timestamp: new Date().toISOString(), card_country: 'FR', ip_country: 'NG', ip_vpn: true,
  })
  const history = { ...EMPTY_HISTORY, deviceOtherCards: 3, deviceSmallTopups: 4, userRecent: 2, userKnown: true }
  const now = Date.now()
  const ms = cpuMsPerCall(() => evaluate(request, buildFeatures(request, history, BUNDLED_POLICY, now), BUNDLED_POLICY), 2000)
  console.log(JSON.stringify({ decide_us: Number((ms * 1000).toFixed(2)) }))
} else {
  const { analyzeParsed, parseLabel } = await import('../../src/ingredient/analysis/analyze.ts')
  const { loadEmbeddedKnowledge } = await import('../../src/ingredient/analysis/embedded-knowledge.ts')
  const profile = { allergies: ['nuts'], skinType: 'sensitive' as const, expertise: 'expert' as const }
  const start = process.cpuUsage()
  const knowledge = await loadEmbeddedKnowledge()
  const analyse = () => analyzeParsed(parseLabel(FRENCH_MOISTURISER, knowledge), { productName: 'Moisturiser', profile }, knowledge)
  if (mode === 'cold') {
    analyse()
    const used = process.cpuUsage(start)
    console.log(JSON.stringify({ analyze_cold_ms: Number(((used.user + used.system) / 1000).toFixed(2)) }))
  } else {
    console.log(JSON.stringify({ analyze40_ms: Number(cpuMsPerCall(analyse, 300).toFixed(4)) }))
  }
}

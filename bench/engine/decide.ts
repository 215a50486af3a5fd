/**
 * @module
 * Measures scoring one decision in Node (workerd's clock advances only across I/O): the features and the
 * evaluation of one top-up with the bundled policy, as this process's CPU time per decision, and prints
 * one JSON line. Run through bench/engine/index.ts, with the tools' module hooks (@edge-workers/tools/loader) loaded.
 */
import { readFileSync } from 'node:fs'

const iterations = Number(process.argv[2] ?? '20000')
const { DecisionRequest } = await import('../../src/fraud/model/request.ts')
const { buildFeatures, EMPTY_HISTORY } = await import('../../src/fraud/engine/features.ts')
const { evaluate } = await import('../../src/fraud/engine/evaluate.ts')
// The bundled policy as the worker validates it (store.ts, which also reads KV, needs the Workers types).
const { validatePolicy } = await import('../../src/fraud/model/policy.ts')
const checked = validatePolicy(JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')))
if (!checked.ok) throw new Error('default-policy.json is invalid')
const policy = checked.policy

// A top-up that raises signals (small amount, country mismatch, VPN, a busy device), so detectors and rules work.
const request = DecisionRequest.parse({
  transaction_id: 'tx_micro', idempotency_key: 'idem_micro', amount_cents: 200, currency: 'EUR', service_id: 'svc_mobile',
  service_type: 'mobile', event_subtype: 'topup', card_token: 'tok_micro', user_id: 'user_micro', device_fingerprint: 'dev_micro',
  ip_address: '82.65.1.2', timestamp: new Date().toISOString(), card_country: 'FR', ip_country: 'NG', ip_vpn: true,
})
const history = { ...EMPTY_HISTORY, deviceOtherCards: 3, deviceSmallTopups: 4, userRecent: 2, userKnown: true }
const now = Date.now()
const score = () => evaluate(request, buildFeatures(request, history, policy, now), policy)

for (let i = 0; i < 2000; i++) score()
const start = process.cpuUsage()
for (let i = 0; i < iterations; i++) score()
const used = process.cpuUsage(start)
console.log(JSON.stringify({ iterations, cpuPerDecisionUs: (used.user + used.system) / iterations }))

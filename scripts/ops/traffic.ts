/**
 * @module
 * A little real traffic for `npm run ops:check`: one decision of each kind, a replay, a 409, a 400 and a
 * policy reload of a freshly staged policy, each checked against the answer the docs show.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface DecisionAnswer {
  decision: string
  cached?: boolean
  policy_version: string
}

/** What the traffic did, for the queries to find: how many decisions, and the policy it activated. */
export interface TrafficSummary {
  decisions: number
  policyVersion: string
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

function expectStatus(what: string, response: Response, status: number, text: string): void {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status}: ${text}`)
}

/** A clean prepaid top-up in France; `run` keeps every identifier of this run apart from earlier runs. */
function topUp(run: string, n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    transaction_id: `tx_ops_${run}_${n}`,
    idempotency_key: `idem_ops_${run}_${n}`,
    amount_cents: 1500,
    currency: 'EUR',
    service_id: 'svc_mobile_prepaid',
    service_type: 'mobile',
    event_subtype: 'topup',
    card_token: `tok_ops_${run}_${n}`,
    user_id: `user_ops_${run}_${n}`,
    device_fingerprint: `dev_ops_${run}_${n}`,
    ip_address: `82.65.${n}.2`,
    timestamp: new Date().toISOString(),
    card_country: 'FR',
    ip_country: 'FR',
    ...overrides,
  }
}

/**
 * Sends the traffic to the fraud worker at `base` and stages plus reloads a new policy in the local
 * storage at `persistTo`. Throws on the first answer that is not the documented one.
 *
 * @example
 * const summary = await sendTraffic('http://127.0.0.1:8788', '/tmp/ops/state', '/tmp/ops', 'abc123')
 */
export async function sendTraffic(base: string, persistTo: string, workDir: string, run: string): Promise<TrafficSummary> {
  const cases: { name: string; body: Record<string, unknown>; decision: string }[] = [
    { name: 'clean top-up', body: topUp(run, 1), decision: 'ALLOW' },
    { name: 'rooted device behind a VPN', body: topUp(run, 2, { device_rooted: true, ip_vpn: true }), decision: 'FRICTION' },
    { name: 'SIM activation from an emulator', body: topUp(run, 3, { event_subtype: 'sim_activation', device_emulator: true }), decision: 'REVIEW' },
    {
      name: 'emulator behind Tor and a datacenter IP, card and IP countries apart',
      body: topUp(run, 4, { event_subtype: 'sim_activation', device_emulator: true, ip_tor: true, ip_datacenter: true, ip_address: '185.220.101.1', ip_country: 'RU' }),
      decision: 'BLOCK',
    },
  ]
  for (const { name, body, decision } of cases) {
    const response = await post(`${base}/decide`, body)
    const text = await response.text()
    expectStatus(`decision (${name})`, response, 200, text)
    const answer = JSON.parse(text) as DecisionAnswer
    if (answer.decision !== decision) throw new Error(`decision (${name}): expected ${decision}, got ${answer.decision}`)
    console.log(`  POST /decide ${name}: ${answer.decision}`)
  }

  const first = cases[0]!.body
  const replay = await post(`${base}/decide`, first)
  const replayText = await replay.text()
  expectStatus('replay', replay, 200, replayText)
  if ((JSON.parse(replayText) as DecisionAnswer).cached !== true) throw new Error(`replay: expected cached: true, got ${replayText}`)
  console.log('  POST /decide the same body again: replayed (cached: true)')

  const conflict = await post(`${base}/decide`, { ...first, amount_cents: 99 })
  expectStatus('idempotency conflict', conflict, 409, await conflict.text())
  console.log('  POST /decide the same transaction_id, another amount: 409')

  const invalid = await post(`${base}/decide`, { transaction_id: `tx_ops_${run}_bad` })
  expectStatus('bad request', invalid, 400, await invalid.text())
  console.log('  POST /decide with missing fields: 400')

  // A copy of the bundled policy under a new version, staged the way an operator does (docs/operations.md, "The fraud policy: stage, reload, roll back").
  const policy = JSON.parse(readFileSync('src/fraud/policy/default-policy.json', 'utf8')) as { version: string }
  policy.version = `ops-check.${run}`
  const policyPath = join(workDir, 'policy.json')
  writeFileSync(policyPath, JSON.stringify(policy, null, 2))
  const stage = spawnSync(process.execPath, ['scripts/policy-stage.ts', policyPath, '--persist-to', persistTo], { encoding: 'utf8' })
  if (stage.status !== 0) throw new Error(`npm run policy:stage failed:\n${stage.stdout}${stage.stderr}`)
  const reload = await fetch(`${base}/policy/reload`, { method: 'POST' })
  const reloadText = await reload.text()
  expectStatus('policy reload', reload, 200, reloadText)
  const swap = JSON.parse(reloadText) as { new_version: string }
  if (swap.new_version !== policy.version) throw new Error(`policy reload: expected ${policy.version}, got ${reloadText}`)
  console.log(`  POST /policy/reload: ${reloadText}`)

  return { decisions: cases.length, policyVersion: policy.version }
}

// The policy control service (policy/control.ts): reload and rollback through the PolicyDO return results
// (never HTTP errors), remember the new active policy in this isolate, and report one outcome per attempt
// (none for an unknown rollback version); the PolicyDO turns an unexpected failure into `error`, logged once;
// the route and the console shape the same results into their own answers.
import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import type { ReloadOutcome } from '../../../src/fraud/metrics/events.ts'
import { reloadOutcome, reloadPolicy, rollbackPolicy } from '../../../src/fraud/policy/control.ts'
import { POLICY_CONTROL_INSTANCE, type PolicyMutation } from '../../../src/fraud/policy/policy-do.ts'
import { BUNDLED_POLICY, getActivePolicy, POLICY_KEYS } from '../../../src/fraud/policy/store.ts'
import { DEFAULT_TENANT } from '../../../src/fraud/model/tenant.ts'
import { call } from '../helpers.ts'

const STORE_FAILED = 'The policy store could not be updated; check GET /policy/version, then retry.'
/** Long enough that only a remembered policy, never a refresh from KV, changes what this isolate decides with. */
const NO_REFRESH = 3600

function recorder() {
  const outcomes: ReloadOutcome[] = []
  return { outcomes, options: { tenant: DEFAULT_TENANT, requestId: 'req_control_test', report: (outcome: ReloadOutcome) => outcomes.push(outcome) } }
}

const policy = (version: string, block = 85) => ({ ...structuredClone(BUNDLED_POLICY), version, thresholds: { ...BUNDLED_POLICY.thresholds, block } })
const stage = (document: unknown) => env.POLICY.put(POLICY_KEYS.staged, typeof document === 'string' ? document : JSON.stringify(document))

/** A POLICY_CONTROL whose PolicyDO answers `result` to every call. */
function controlAnswering(result: PolicyMutation): FraudEnv['POLICY_CONTROL'] {
  return { getByName: () => ({ reload: async () => result, rollback: async () => result }) } as unknown as FraudEnv['POLICY_CONTROL']
}

/** A POLICY_CONTROL whose PolicyDO cannot be reached. */
function controlUnreachable(err: Error): FraudEnv['POLICY_CONTROL'] {
  const fail = async () => {
    throw err
  }
  return { getByName: () => ({ reload: fail, rollback: fail }) } as unknown as FraudEnv['POLICY_CONTROL']
}

afterEach(() => {
  vi.restoreAllMocks()
})

// One file, one storage: the tests run in order on the policy the previous one left active.
describe('reloadPolicy and rollbackPolicy (policy/control.ts)', () => {
  it('reloads with nothing staged: the active policy as both versions, reported as a success', async () => {
    const { outcomes, options } = recorder()
    const result = await reloadPolicy(env, options)
    expect(result).toMatchObject({
      ok: true,
      swap: { success: true, previous_version: BUNDLED_POLICY.version, new_version: BUNDLED_POLICY.version },
      active: { source: 'bundled', policy: { version: BUNDLED_POLICY.version } },
    })
    expect(outcomes).toEqual(['success'])
  })

  it('activates a staged policy and makes this isolate decide with it at once', async () => {
    expect((await getActivePolicy(env.POLICY, NO_REFRESH, DEFAULT_TENANT)).policy.version).toBe(BUNDLED_POLICY.version)
    await stage(policy('2026-12-30.1'))
    const { outcomes, options } = recorder()
    const result = await reloadPolicy(env, options)
    expect(result).toMatchObject({ ok: true, swap: { previous_version: BUNDLED_POLICY.version, new_version: '2026-12-30.1' }, active: { source: 'kv' } })
    expect(outcomes).toEqual(['success'])
    // Remembered, not re-read: the cache would otherwise keep the bundled policy for an hour.
    expect((await getActivePolicy(env.POLICY, NO_REFRESH, DEFAULT_TENANT)).policy.version).toBe('2026-12-30.1')
    expect(await env.POLICY.get(POLICY_KEYS.staged)).toBeNull()
  })

  it('returns an invalid staged policy as a refusal with its problems, reported as invalid, the active policy kept', async () => {
    await stage({ ...policy('2026-12-31.1'), thresholds: { block: 30, review: 60, friction: 10 } })
    const { outcomes, options } = recorder()
    const result = await reloadPolicy(env, options)
    expect(result).toMatchObject({ ok: false, reason: 'invalid', message: 'The staged policy is invalid; the active policy is unchanged.' })
    expect(result.ok === false && result.reason === 'invalid' ? result.problems.map((p) => p.path) : []).toContain('thresholds')
    expect(outcomes).toEqual(['invalid'])
    expect((await getActivePolicy(env.POLICY, NO_REFRESH, DEFAULT_TENANT)).policy.version).toBe('2026-12-30.1')

    await stage('{ not json')
    expect(await reloadPolicy(env, options)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'The staged policy is not valid JSON; the active policy is unchanged.',
      problems: [{ path: '(policy)', message: 'not valid JSON' }],
    })
    await stage(policy('2026-12-30.1', 99))
    expect(await reloadPolicy(env, options)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Policy version "2026-12-30.1" was already used for different content; give the new policy a new version.',
      problems: [{ path: 'version', message: 'version already used for different content' }],
    })
    expect(outcomes).toEqual(['invalid', 'invalid', 'invalid'])
    await env.POLICY.delete(POLICY_KEYS.staged)
  })

  it('rolls back to an earlier version; an unknown version is not_found and not reported', async () => {
    const { outcomes, options } = recorder()
    const result = await rollbackPolicy(env, BUNDLED_POLICY.version, options)
    expect(result).toMatchObject({ ok: true, swap: { previous_version: '2026-12-30.1', new_version: BUNDLED_POLICY.version } })
    expect(outcomes).toEqual(['success'])
    expect((await getActivePolicy(env.POLICY, NO_REFRESH, DEFAULT_TENANT)).policy.version).toBe(BUNDLED_POLICY.version)

    expect(await rollbackPolicy(env, '1999-01-01.1', options)).toEqual({ ok: false, reason: 'not_found', message: 'No policy version "1999-01-01.1" in the history.' })
    expect(outcomes).toEqual(['success'])

    await env.POLICY.put(POLICY_KEYS.history('1999-01-02.1'), JSON.stringify({ policy: { version: '1999-01-02.1' }, loaded_at: '1999-01-02T00:00:00Z' }))
    expect(await rollbackPolicy(env, '1999-01-02.1', options)).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'The stored policy "1999-01-02.1" no longer passes validation; stage a corrected copy under a new version.',
      problems: [{ path: '(policy)', message: 'stored copy no longer valid' }],
    })
    expect(outcomes).toEqual(['success', 'invalid'])
  })

  it('passes a failed mutation on as a result, reported as an error', async () => {
    const { outcomes, options } = recorder()
    const failed: PolicyMutation = { ok: false, reason: 'error', message: STORE_FAILED }
    expect(await reloadPolicy({ POLICY_CONTROL: controlAnswering(failed) }, options)).toEqual(failed)
    expect(await rollbackPolicy({ POLICY_CONTROL: controlAnswering(failed) }, BUNDLED_POLICY.version, options)).toEqual(failed)
    expect(outcomes).toEqual(['error', 'error'])
  })

  it('rethrows when the PolicyDO cannot be reached, reported as an error', async () => {
    const { outcomes, options } = recorder()
    const lost = new Error('Network connection lost.')
    await expect(reloadPolicy({ POLICY_CONTROL: controlUnreachable(lost) }, options)).rejects.toBe(lost)
    await expect(rollbackPolicy({ POLICY_CONTROL: controlUnreachable(lost) }, BUNDLED_POLICY.version, options)).rejects.toBe(lost)
    expect(outcomes).toEqual(['error', 'error'])
  })

  it('maps every result to its outcome: none for an unknown version', () => {
    const swap = { success: true as const, tenant: DEFAULT_TENANT, scope: 'shared' as const, previous_version: 'a', new_version: 'b', loaded_at: '' }
    const active = { policy: BUNDLED_POLICY, loaded_at: '', content_hash: '', source: 'kv' as const, scope: 'shared' as const }
    expect(reloadOutcome({ ok: true, swap, active })).toBe('success')
    expect(reloadOutcome({ ok: false, reason: 'invalid', message: '', problems: [] })).toBe('invalid')
    expect(reloadOutcome({ ok: false, reason: 'error', message: '' })).toBe('error')
    expect(reloadOutcome({ ok: false, reason: 'not_found', message: '' })).toBeNull()
  })
})

describe('PolicyDO', () => {
  it('turns a KV failure into an error result and logs it once, with the operation and request id', async () => {
    const failingKv = {
      get: async () => {
        throw new Error('KV GET failed: 503')
      },
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const stub = env.POLICY_CONTROL.getByName(POLICY_CONTROL_INSTANCE)
    const result = await runInDurableObject(stub, async (instance) => {
      const target = instance as unknown as { env: Record<string, unknown> }
      const original = target.env
      target.env = { ...original, POLICY: failingKv }
      try {
        return await instance.rollback(BUNDLED_POLICY.version, 'req_kv_down')
      } finally {
        target.env = original
      }
    })
    expect(result).toEqual({ ok: false, reason: 'error', message: STORE_FAILED })
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>).filter((l) => l.event === 'policy_mutation_failed')
    expect(lines).toEqual([expect.objectContaining({ level: 'error', operation: 'rollback', request_id: 'req_kv_down', cause: expect.objectContaining({ message: 'KV GET failed: 503' }) })])
  })
})

describe('the answers built on the same results', () => {
  const rollbackOverHttp = (version: string, overrides: Partial<FraudEnv> = {}) =>
    call('/policy/rollback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version }) }, overrides)
  const consoleRollback = (version: string, overrides: Partial<FraudEnv> = {}) =>
    call(
      '/console/policies/rollback',
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://fraud.test' },
        body: new URLSearchParams({ version }).toString(),
        redirect: 'manual',
      },
      overrides,
    )

  it('the route: 422 policy_invalid with the reasons, 404 not_found, 500 internal_error', async () => {
    await stage('{ not json')
    const invalid = await call('/policy/reload', { method: 'POST' })
    expect(invalid.status).toBe(422)
    expect(await invalid.json()).toEqual({
      error: 'policy_invalid',
      message: 'The staged policy is not valid JSON; the active policy is unchanged.',
      request_id: invalid.headers.get('x-request-id'),
      details: { reasons: [{ path: '(policy)', message: 'not valid JSON' }] },
    })
    await env.POLICY.delete(POLICY_KEYS.staged)

    const missing = await rollbackOverHttp('1999-01-01.1')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'not_found', message: 'No policy version "1999-01-01.1" in the history.', request_id: missing.headers.get('x-request-id') })

    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const failed = await rollbackOverHttp(BUNDLED_POLICY.version, { POLICY_CONTROL: controlAnswering({ ok: false, reason: 'error', message: STORE_FAILED }) })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ error: 'internal_error', message: STORE_FAILED, request_id: failed.headers.get('x-request-id') })
  })

  it('the console: the policies page with the message, 404 for an unknown version and 422 otherwise', async () => {
    const missing = await consoleRollback('1999-01-01.1')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('No policy version &quot;1999-01-01.1&quot; in the history.')

    const stale = await consoleRollback('1999-01-02.1')
    expect(stale.status).toBe(422)
    expect(await stale.text()).toContain('no longer passes validation')

    const failed = await consoleRollback(BUNDLED_POLICY.version, { POLICY_CONTROL: controlAnswering({ ok: false, reason: 'error', message: STORE_FAILED }) })
    expect(failed.status).toBe(422)
    expect(await failed.text()).toContain(STORE_FAILED)
  })
})

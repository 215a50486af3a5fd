// The scheduled job's retention is the longest any tenant's policy needs: a tenant whose own policy looks back
// further than the shared one keeps its history for its own windows.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { FraudEnv } from '../../../src/fraud/env.ts'
import { runMaintenance } from '../../../src/fraud/evidence/maintenance.ts'
import { policyKeys } from '../../../src/fraud/policy/keys.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { post } from '../helpers.ts'

describe('retention with tenants', () => {
  it("follows the tenant whose own policy has the longest windows, and the shared policy's otherwise", async () => {
    const tenants: Partial<FraudEnv> = { API_KEYS: 'acme:ka1,globex:kb1' }
    const shared = await runMaintenance({ ...env, ...tenants }, Date.now())
    expect(shared.retention_hours).toBe(25)

    // acme's own policy: a friendly-fraud window of three days instead of one.
    const longer = structuredClone(BUNDLED_POLICY)
    longer.version = `${BUNDLED_POLICY.version}-acme-long`
    longer.detectors.friendly_fraud.window_hours = 72
    await env.POLICY.put(policyKeys('acme').staged, JSON.stringify(longer))
    expect((await post('/policy/reload?tenant=acme', {}, tenants)).status).toBe(200)

    const withAcme = await runMaintenance({ ...env, ...tenants, POLICY_REFRESH_SECONDS: '0' }, Date.now())
    expect(withAcme.retention_hours).toBe(73)
    expect(withAcme.recent_retention_minutes).toBe(shared.recent_retention_minutes)
  })
})

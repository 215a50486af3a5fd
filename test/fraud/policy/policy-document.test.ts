// GET /policy/versions/{version}: the policy document of a version (the bundled one here) or the staged one;
// an unknown version or nothing staged is a 404, a malformed version a 400, and production asks for the admin key.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, PRODUCTION_AUTH } from '../helpers'
import defaultPolicy from '../../../src/fraud/policy/default-policy.json'
import { policyKeys } from '../../../src/fraud/policy/keys'

describe('GET /policy/versions/{version}', () => {
  it('answers the bundled policy by its version', async () => {
    const response = await call(`/policy/versions/${defaultPolicy.version}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ version: defaultPolicy.version, thresholds: defaultPolicy.thresholds })
  })

  it('answers the staged document, and 404 when nothing is staged', async () => {
    expect((await call('/policy/versions/staged?tenant=default')).status).toBe(404)
    const staged = { ...defaultPolicy, version: '2030-01-01.1', thresholds: { block: 80, review: 60, friction: 35 } }
    await env.POLICY.put(policyKeys('default').staged, JSON.stringify(staged))
    try {
      const response = await call('/policy/versions/staged')
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ version: '2030-01-01.1', thresholds: staged.thresholds })
    } finally {
      await env.POLICY.delete(policyKeys('default').staged)
    }
  })

  it('refuses an unknown or malformed version, and asks for the admin key in production', async () => {
    expect((await call('/policy/versions/1999-01-01.1')).status).toBe(404)
    expect((await call('/policy/versions/bad%20version')).status).toBe(400)
    expect((await call(`/policy/versions/${defaultPolicy.version}`, {}, PRODUCTION_AUTH)).status).toBe(401)
  })
})

// Property-based fuzzing of every fraud endpoint that takes input: whatever arrives, the answer is one of the
// endpoint's documented statuses, never a 5xx, and its body has the documented shape.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DecisionResponse } from '../../../src/fraud/model/response.ts'
import { ErrorBody } from '../../../src/fraud/routes/errors.ts'
import { FUZZ_RUNS, fuzzRequest, toRequest, type FuzzRequest } from '../../support/fuzz.ts'
import { call, validBody } from '../helpers.ts'

const body = (request: FuzzRequest): RequestInit => toRequest('https://fraud.test/', request)

async function expectDocumented(response: Response, statuses: number[], success: { safeParse(value: unknown): { success: boolean } }): Promise<number> {
  expect(statuses).toContain(response.status)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  const json: unknown = await response.json()
  const schema = response.status === 200 ? success : ErrorBody
  if (!schema.safeParse(json).success) throw new Error(`${response.status} body out of shape: ${JSON.stringify(json).slice(0, 300)}`)
  return response.status
}

// The documented answer of a rollback (PolicySwapResponse in src/fraud/routes/policy.ts).
const PolicySwap = z.object({ success: z.literal(true), previous_version: z.string(), new_version: z.string(), loaded_at: z.string() })

const decision = fc
  .record({
    id: fc.uuid(),
    amount: fc.integer({ min: 0, max: 10_000_000 }),
    subtype: fc.constantFrom('sim_activation', 'topup', 'device_upgrade', 'sim_swap', 'international_enable', 'equipment_purchase'),
    flags: fc.record({ device_emulator: fc.boolean(), ip_tor: fc.boolean(), ip_datacenter: fc.boolean() }),
    octets: fc.tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 }), fc.integer({ min: 1, max: 254 })),
  })
  .map(({ id, amount, subtype, flags, octets }) =>
    validBody({
      transaction_id: `tx_${id}`,
      idempotency_key: `idem_${id}`,
      card_token: `tok_${id}`,
      user_id: `user_${id}`,
      device_fingerprint: `dev_${id}`,
      ip_address: `10.${octets.join('.')}`,
      phone_number: '+33612345678',
      amount_cents: amount,
      event_subtype: subtype,
      ...flags,
    }),
  )

describe('fuzzing the fraud endpoints', () => {
  it('POST /decide: 200, 400, 409 or 413, never 5xx, always the documented body', async () => {
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(fuzzRequest(decision), async (request) => {
        seen.add(await expectDocumented(await call('/decide', body(request)), [200, 400, 409, 413], DecisionResponse))
      }),
      { numRuns: FUZZ_RUNS },
    )
    // The bodies reach the decision path, not only the validator.
    expect([...seen]).toEqual(expect.arrayContaining([200, 400]))
  })

  it('POST /policy/rollback: 200, 400, 404, 413 or 422, never 5xx', async () => {
    const rollback = fc.constantFrom('2026-11-22.1', '2026-01-01.1', 'x').map((version) => ({ version }))
    await fc.assert(
      fc.asyncProperty(fuzzRequest(rollback), async (request) => {
        await expectDocumented(await call('/policy/rollback', body(request)), [200, 400, 404, 413, 422], PolicySwap)
      }),
      { numRuns: Math.ceil(FUZZ_RUNS / 2) },
    )
  })

  it('GET /evidence/{id}: 400 or 404 for any unknown id, never 5xx', async () => {
    const id = fc.oneof(fc.uuid().map((u) => `evt_${u}`), fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }))
    await fc.assert(
      fc.asyncProperty(id, async (value) => {
        const response = await call(`/evidence/${encodeURIComponent(value)}`)
        // No id here names a stored record, so a 200 would itself be a finding; its shape is another test's.
        await expectDocumented(response, [400, 404], ErrorBody)
      }),
      { numRuns: Math.ceil(FUZZ_RUNS / 2) },
    )
  })
})

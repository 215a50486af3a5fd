// POST /decide validation: every field's rule, the error body, and fuzzing (any JSON gives 400 or 200).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { call, decide, validBody } from '../helpers.ts'

interface ErrorBody {
  error: string
  message: string
  request_id: string
  details: { field: string; issue: string; errors: { field: string; issue: string; message: string }[] }
}

async function expect400(response: Response): Promise<ErrorBody> {
  expect(response.status).toBe(400)
  const body = await response.json<ErrorBody>()
  expect(body.error).toBe('validation_error')
  expect(typeof body.message).toBe('string')
  expect(body.request_id).toMatch(/^req_/)
  return body
}

const REQUIRED = [
  'transaction_id',
  'idempotency_key',
  'amount_cents',
  'currency',
  'service_id',
  'service_type',
  'card_token',
  'user_id',
  'device_fingerprint',
  'ip_address',
  'timestamp',
]

describe('POST /decide validation', () => {
  it('accepts a minimal body with only the required fields', async () => {
    const full = validBody()
    const minimal = Object.fromEntries(REQUIRED.map((k) => [k, full[k]]))
    const response = await decide(minimal)
    expect(response.status).toBe(200)
  })

  it.each(REQUIRED)('answers a missing %s with 400, details.field and issue "missing"', async (field) => {
    const body = validBody()
    delete body[field]
    const error = await expect400(await decide(body))
    expect(error.details.field).toBe(field)
    expect(error.details.issue).toBe('missing')
    expect(error.details.errors).toEqual([expect.objectContaining({ field, issue: 'missing' })])
  })

  it('reports the first problem in details.field and every problem in details.errors', async () => {
    const body = validBody({ amount_cents: -1, currency: 'EURO' })
    delete body.card_token
    const error = await expect400(await decide(body))
    expect(error.details.field).toBe('amount_cents')
    expect(error.details.errors.map((e) => e.field)).toEqual(['amount_cents', 'currency', 'card_token'])
  })

  const invalid: [string, unknown, string][] = [
    ['transaction_id', 42, 'invalid_type'],
    ['transaction_id', '', 'too_small'],
    ['amount_cents', '1500', 'invalid_type'],
    ['amount_cents', 15.5, 'invalid_type'],
    ['amount_cents', -1, 'too_small'],
    ['currency', 'eur', 'invalid_format'],
    ['currency', 'ABC', 'invalid_format'],
    ['service_type', 'satellite', 'invalid_value'],
    ['event_subtype', 'refund', 'invalid_value'],
    ['timestamp', '22/11/2026 10:00', 'invalid_format'],
    ['timestamp', '2026-13-01T00:00:00Z', 'invalid_format'],
    ['ip_address', '999.1.1.1', 'invalid_format'],
    ['ip_address', 'localhost', 'invalid_format'],
    ['card_country', 'FRA', 'invalid_format'],
    ['card_country', 'UK', 'invalid_format'],
    ['ip_country', 'fr', 'invalid_format'],
    ['imei', '490154203237519', 'invalid_format'],
    ['imei', '49015420323751', 'invalid_format'],
    ['sim_iccid', '1234567890123456789', 'invalid_format'],
    ['sim_iccid', '89abc', 'invalid_format'],
    ['phone_number', 'call me', 'invalid_format'],
    ['device_emulator', 'yes', 'invalid_type'],
    ['ip_tor', 1, 'invalid_type'],
  ]
  it.each(invalid)('rejects %s = %j with issue %s', async (field, value, issue) => {
    const error = await expect400(await decide(validBody({ [field]: value })))
    expect(error.details.field).toBe(field)
    expect(error.details.issue).toBe(issue)
  })

  const valid: [string, unknown][] = [
    ['amount_cents', 0],
    ['ip_address', '2001:db8::1'],
    ['ip_address', '10.0.0.1'],
    ['timestamp', '2026-11-22T10:00:00.123+01:00'],
    ['imei', '490154203237518'],
    ['imei', '3548150542198001'],
    ['sim_iccid', '8933150319100000001'],
    ['sim_iccid', '89014103211118510720'],
    ['service_type', 'broadband'],
    ['event_subtype', 'equipment_purchase'],
    ['currency', 'JPY'],
  ]
  it.each(valid)('accepts %s = %j', async (field, value) => {
    const response = await decide(validBody({ [field]: value }))
    expect(response.status).toBe(200)
  })

  it('rejects malformed JSON, an empty body and a wrong content type with 400', async () => {
    const malformed = await expect400(await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"transaction_id": ' }))
    expect(malformed.details.issue).toBe('malformed_json')
    const empty = await expect400(await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' }))
    expect(empty.details.issue).toBe('missing')
    const wrongType = await expect400(await call('/decide', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(validBody()) }))
    expect(wrongType.details.issue).toBe('invalid_content_type')
    const noType = await expect400(await call('/decide', { method: 'POST', body: JSON.stringify(validBody()) }))
    expect(noType.details.field).toBe('(body)')
  })

  it('rejects a JSON value that is not an object', async () => {
    for (const body of [null, [], 'text', 42, true]) {
      const error = await expect400(await decide(body))
      expect(error.details.field).toBe('(body)')
      expect(error.details.issue).toBe('invalid_type')
    }
  })

  it('refuses identifiers with an unpaired surrogate, and accepts non-ASCII ones', async () => {
    // JSON.stringify writes a lone surrogate as an escape, which JSON.parse turns back into one.
    for (const field of ['transaction_id', 'idempotency_key', 'card_token', 'user_id', 'service_id', 'device_fingerprint']) {
      const error = await expect400(await decide(validBody({ [field]: `id_\ud800_x` })))
      expect(error.details).toMatchObject({ field, issue: 'invalid_format' })
    }
    const unicode = validBody({ user_id: 'usager_é_交易_😀' })
    const response = await decide(unicode)
    expect(response.status).toBe(200)
  })

  it('refuses a body over 64 KiB with 413', async () => {
    const response = await decide(validBody({ padding: 'x'.repeat(70 * 1024) }))
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ error: 'payload_too_large' })
  })
})

describe('POST /decide fuzzing', () => {
  const statusOf = async (body: string): Promise<number> =>
    (await call('/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status

  it('answers any JSON value with 400, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json(), async (text) => {
        expect([400]).toContain(await statusOf(text))
      }),
      { numRuns: 150 },
    )
  })

  it('answers any object with 400 or 200', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string(), fc.anything()), async (value) => {
        let text: string
        try {
          text = JSON.stringify(value)
        } catch {
          return
        }
        if (text === undefined) return
        expect([200, 400]).toContain(await statusOf(text))
      }),
      { numRuns: 100 },
    )
  })

  it('answers mutated valid bodies with 200 or 400, never 500', async () => {
    const fields = Object.keys(validBody())
    const mutation = fc.record({
      field: fc.constantFrom(...fields, 'extra_field'),
      action: fc.constantFrom('delete', 'replace'),
      value: fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null)),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), async (mutations) => {
        const body: Record<string, unknown> = validBody()
        for (const m of mutations) {
          if (m.action === 'delete') delete body[m.field]
          else body[m.field] = m.value
        }
        const text = JSON.stringify(body)
        expect([200, 400]).toContain(await statusOf(text))
      }),
      { numRuns: 150 },
    )
  })
})

// Every code point of Unicode category Cf (format characters: zero-width characters, bidi controls, tags…).
const FORMAT_CHARACTERS = Array.from({ length: 0x110000 }, (_, cp) => cp)
  .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && /\p{Cf}/u.test(String.fromCodePoint(cp)))
  .map((cp) => String.fromCodePoint(cp))

describe('POST /decide: invisible format characters (Cf) in identifiers', () => {
  const IDENTIFIERS = ['transaction_id', 'idempotency_key', 'service_id', 'card_token', 'user_id', 'device_fingerprint', 'phone_number']
  const SAMPLES = {
    'a zero-width space': '\u200b',
    'a zero-width joiner': '\u200d',
    'a word joiner': '\u2060',
    'a byte order mark': '\ufeff',
    'a right-to-left override': '\u202e',
    'a first-strong isolate': '\u2068',
    'a soft hyphen': '\u00ad',
    'a tag character': '\u{e0041}',
  }

  for (const field of IDENTIFIERS) {
    for (const [name, char] of Object.entries(SAMPLES)) {
      it(`refuses ${field} with ${name} in it, naming the field`, async () => {
        const valid = validBody()[field] as string
        const body = validBody({ [field]: `${valid.slice(0, 3)}${char}${valid.slice(3)}` })
        const error = await expect400(await decide(body))
        expect(error.details.field).toBe(field)
        expect(error.details.issue).toBe('invalid_format')
        expect(error.details.errors).toEqual([expect.objectContaining({ field, issue: 'invalid_format' })])
      })
    }
  }

  it('says why for a named identifier', async () => {
    const error = await expect400(await decide(validBody({ user_id: 'user_42\u200b' })))
    expect(error.details.errors).toEqual([{ field: 'user_id', issue: 'invalid_format', message: expect.stringMatching(/format characters/) }])
  })

  it('refuses a format character that trimming would remove: a leading byte order mark', async () => {
    const error = await expect400(await decide(validBody({ user_id: '\ufeff!' })))
    expect(error.details.errors).toEqual([expect.objectContaining({ field: 'user_id', issue: 'invalid_format' })])
  })

  it('refuses any user_id that contains a Cf character, wherever it is', async () => {
    expect(FORMAT_CHARACTERS.length).toBeGreaterThan(150)
    const side = fc.string({ unit: 'grapheme', maxLength: 12 })
    await fc.assert(
      fc.asyncProperty(side, fc.constantFrom(...FORMAT_CHARACTERS), side, async (before, char, after) => {
        const response = await decide(validBody({ user_id: `${before}${char}${after}` }))
        const error = await expect400(response)
        expect(error.details.field).toBe('user_id')
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a Cf character in the outcome route\'s transaction_id, naming it', async () => {
    const response = await call(`/transactions/${encodeURIComponent('tx_1\u202e')}/outcome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'chargeback' }),
    })
    const error = await expect400(response)
    expect(error.details.field).toBe('transaction_id')
  })

  it('still accepts identifiers in any script, without format characters', async () => {
    expect((await decide(validBody({ user_id: 'ユーザー_42', device_fingerprint: 'устройство-1', card_token: 'بطاقة_7' }))).status).toBe(200)
  })
})

// The second security review's list findings: an address is blocked whatever its spelling (IPv4-mapped IPv6,
// upper case, leading zeros, zero groups), list entries of users and cards are read as the request is (NFKC,
// trimmed), and invisible code points are refused in identifiers, so "blocked_user\u034F" is no other user.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { validatePolicy } from '../../../src/fraud/model/policy.ts'
import { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'
import { call, decide, decideOk, validBody } from '../helpers.ts'

const EMPTY = { card_tokens: [], devices: [], ips: [], users: [] }

const listed = {
  ...structuredClone(BUNDLED_POLICY),
  version: 'spellings.1',
  lists: {
    blocked: { ...EMPTY, ips: ['203.0.113.9', '2001:DB8::0009', '::9'], users: ['  blocked_user '], card_tokens: ['\tｔｏｋ_stolen'] },
    allowed: EMPTY,
    shared_networks: [],
  },
}

/** The review's code points, and a few more of Default_Ignorable_Code_Point. */
const INVISIBLE = ['\u034F', '\uFE00', '\uFE0F', '\u{E0100}', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u180B', '\u17B4', '\u17B5', '\u200B']

describe('block lists by address, not by spelling', () => {
  it('activates a policy whose list entries are stored canonical', async () => {
    const checked = validatePolicy(listed)
    expect(checked.ok).toBe(true)
    if (checked.ok) {
      expect(checked.policy.lists.blocked).toMatchObject({ ips: ['203.0.113.9', '2001:db8::9', '::9'], users: ['blocked_user'], card_tokens: ['tok_stolen'] })
    }
    await env.POLICY.put('policy:staged', JSON.stringify(listed))
    expect((await call('/policy/reload', { method: 'POST' })).status).toBe(200)
  })

  it.each([
    '203.0.113.9',
    '::ffff:203.0.113.9',
    '::FFFF:203.0.113.9',
    '::ffff:cb00:7109',
    '0:0:0:0:0:ffff:cb00:7109',
    '2001:db8::9',
    '2001:DB8::9',
    '2001:0db8::0009',
    '2001:db8:0:0:0:0:0:9',
    '::0:9',
    '0:0:0:0:0:0:0:9',
  ])('blocks %s', async (ip) => {
    const answer = await decideOk(validBody({ ip_address: ip }))
    expect(answer.decision).toBe('BLOCK')
    expect(answer.signals).toContainEqual(expect.objectContaining({ code: 'BLOCKLIST_IP' }))
  })

  it('lets a neighbouring address through', async () => {
    expect((await decideOk(validBody({ ip_address: '203.0.113.10' }))).signals).not.toContainEqual(expect.objectContaining({ code: 'BLOCKLIST_IP' }))
  })

  it.each([' blocked_user', 'blocked_user  ', 'ｂｌｏｃｋｅｄ_user'])('blocks the user spelled %j', async (user) => {
    expect((await decideOk(validBody({ user_id: user }))).signals).toContainEqual(expect.objectContaining({ code: 'BLOCKLIST_USER' }))
  })

  it('blocks the card listed with a tab and full-width letters', async () => {
    expect((await decideOk(validBody({ card_token: 'tok_stolen ' }))).signals).toContainEqual(expect.objectContaining({ code: 'BLOCKLIST_CARD_TOKEN' }))
  })

  it('refuses a list entry that is not an address', () => {
    const result = validatePolicy({ ...listed, lists: { ...listed.lists, blocked: { ...EMPTY, ips: ['203.0.113'] } } })
    expect(result.ok).toBe(false)
  })
})

describe('invisible code points in identifiers', () => {
  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, c]))(
    'refuses %s in a user id, and in a list entry',
    async (_, char) => {
      const response = await decide(validBody({ user_id: `blocked_user${char}` }))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: 'validation_error', details: { field: 'user_id', issue: 'invalid_format' } })
      expect(validatePolicy({ ...listed, lists: { ...listed.lists, blocked: { ...EMPTY, users: [`user${char}`] } } }).ok).toBe(false)
    },
  )

  it('refuses every Default_Ignorable_Code_Point, and U+2800, wherever it stands in a user id', () => {
    const all = Array.from({ length: 0x110000 }, (_, cp) => cp)
      .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && (cp === 0x2800 || /\p{Default_Ignorable_Code_Point}/u.test(String.fromCodePoint(cp))))
      .map((cp) => String.fromCodePoint(cp))
    expect(all.length).toBeGreaterThan(4000)
    const body = validBody()
    const accepted = all.filter((char) => DecisionRequest.safeParse({ ...body, user_id: `user${char}_1` }).success)
    expect(accepted).toEqual([])
  })

  it('refuses it in every identifier field', async () => {
    for (const field of ['transaction_id', 'idempotency_key', 'service_id', 'card_token', 'device_fingerprint']) {
      const response = await decide(validBody({ [field]: `id_1\u034F` }))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ details: { field } })
    }
  })
})

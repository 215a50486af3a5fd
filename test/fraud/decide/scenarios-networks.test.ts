// Shared addresses and network ranges end to end, through POST /decide, the one D1 history read and the
// bundled policy: a carrier NAT's subscribers are not a card-testing source, a tester hiding among them is;
// card testing rotating through a cloud range is one source; the legitimate patterns that look like
// fraud to address counts (family card, roaming, a SIM swap after a lost phone) stay at ALLOW or FRICTION.
import { describe, expect, it, vi } from 'vitest'
import { decideOk, evidenceCount, uid, validBody, type DecisionBody } from '../helpers.ts'

const codes = (result: DecisionBody) => result.signals.map((s) => s.code)
const signal = (result: DecisionBody, code: string) => result.signals.find((s) => s.code === code)
const octet = () => Math.floor(Math.random() * 250) + 2
let blocksUsed = 0
/**
 * A /24 no other test of this file uses, so tests never share a range's history (the stores are emptied before
 * each file). Drawn at random, two tests' ranges met now and then, and a range's subscriber count is a signal.
 */
const block = () => {
  blocksUsed++
  return `198.${18 + (blocksUsed >> 8)}.${blocksUsed & 255}`
}
const hex = () => Math.floor(Math.random() * 0xffff).toString(16)
const phone = () => `+336${Math.floor(10_000_000 + Math.random() * 89_999_999)}`

/** Waits until a decision's history rows are in D1 (written just after its answer). */
async function written(result: DecisionBody): Promise<void> {
  await vi.waitFor(async () => expect(await evidenceCount(result.transaction_id)).toBe(1))
}

describe('carrier-grade NAT', () => {
  it('allows three dozen subscribers, each with their own card and phone, topping up through three shared addresses', async () => {
    const pool = block()
    const addresses = [`${pool}.10`, `${pool}.11`, `${pool}.12`]
    const results: DecisionBody[] = []
    for (let i = 0; i < 36; i++) results.push(await decideOk(validBody({ ip_address: addresses[i % 3], amount_cents: [1000, 1500, 2000, 500][i % 4] })))
    for (const result of results) {
      expect(result.decision, JSON.stringify(result.signals)).toBe('ALLOW')
      expect(codes(result)).not.toContain('DISTINCT_CARDS_PER_IP')
      expect(codes(result)).not.toContain('RANGE_CARD_TESTING')
    }
  })

  it('still flags a tester trying many cards on one device behind the shared address', async () => {
    const address = `${block()}.20`
    for (let i = 0; i < 12; i++) await written(await decideOk(validBody({ ip_address: address })))
    const device = `dev_tester_${uid()}`
    const line = `user_tester_${uid()}`
    let last!: DecisionBody
    for (let i = 0; i < 5; i++) {
      last = await decideOk(validBody({ ip_address: address, device_fingerprint: device, user_id: line, amount_cents: 200 }))
      await written(last)
    }
    const ip = signal(last, 'DISTINCT_CARDS_PER_IP')!
    expect(ip.message).toBe('17 distinct cards from this IP address by 13 devices and 13 subscribers within 10 minutes')
    expect(['REVIEW', 'BLOCK']).toContain(last.decision)
  })
})

describe('card testing across a network range', () => {
  it('links cards rotating through the addresses of a cloud /24, each from its own device, into one source: REVIEW', async () => {
    const range = block()
    const line = { user_id: `user_line_${uid()}`, phone_number: phone() }
    const results: DecisionBody[] = []
    for (let i = 0; i < 6; i++) {
      results.push(await decideOk(validBody({ ...line, ip_address: `${range}.${octet()}`, ip_datacenter: true, amount_cents: 200 })))
      await written(results.at(-1)!)
    }
    expect(codes(results[0]!)).not.toContain('RANGE_CARD_TESTING')
    const third = signal(results[2]!, 'RANGE_CARD_TESTING')!
    expect(third.message).toMatch(/^3 distinct cards by 3 devices and 1 subscriber from [23] addresses of an anonymising network range within 10 minutes$/)
    for (const result of results.slice(2)) expect(['REVIEW', 'BLOCK']).toContain(result.decision)
    expect(signal(results[5]!, 'RANGE_CARD_TESTING')!.weight).toBeGreaterThan(third.weight)
  })

  it('counts an IPv6 rotation across /64s of one /48 as one range', async () => {
    const site = `2001:db8:${hex()}`
    const line = { user_id: `user_v6_${uid()}` }
    let last!: DecisionBody
    for (let i = 0; i < 4; i++) {
      last = await decideOk(validBody({ ...line, ip_address: `${site}:${hex()}::${hex()}`, ip_datacenter: true, amount_cents: 300 }))
      await written(last)
    }
    expect(signal(last, 'RANGE_CARD_TESTING')?.message).toMatch(/^4 distinct cards by 4 devices and 1 subscriber from [2-4] addresses/)
    expect(['REVIEW', 'BLOCK']).toContain(last.decision)
  })

  it('raises a burst of small top-ups through rotating cloud addresses, each card with its own device and line', async () => {
    const range = block()
    let last!: DecisionBody
    for (let i = 0; i < 4; i++) {
      last = await decideOk(validBody({ ip_address: `${range}.${octet()}`, ip_vpn: true, amount_cents: 100 }))
      await written(last)
    }
    expect(codes(last)).toContain('RANGE_SMALL_TOPUP_BURST')
    expect(codes(last)).not.toContain('RANGE_CARD_TESTING')
  })

  it('weighs the same rotation through a home broadband range less than through a cloud range', async () => {
    const weightOf = async (flags: Record<string, unknown>) => {
      const range = block()
      const line = { user_id: `user_w_${uid()}` }
      let last!: DecisionBody
      for (let i = 0; i < 4; i++) {
        last = await decideOk(validBody({ ...line, ip_address: `${range}.${i + 2}`, amount_cents: 200, ...flags }))
        await written(last)
      }
      return signal(last, 'RANGE_CARD_TESTING')!
    }
    const home = await weightOf({})
    const cloud = await weightOf({ ip_datacenter: true })
    expect(home.message).toContain('of this network range')
    expect(home.weight).toBeCloseTo(cloud.weight / 2, 3)
  })
})

describe('legitimate patterns that look like shared payers', () => {
  it('keeps one family card paying four lines from home at ALLOW or FRICTION', async () => {
    const home = { card_token: `tok_family_${uid()}`, ip_address: `${block()}.7` }
    for (let i = 0; i < 4; i++) expect(['ALLOW', 'FRICTION']).toContain((await decideOk(validBody(home))).decision)
  })

  it('allows roaming subscribers topping up from abroad on their own phone through a visited network\'s NAT', async () => {
    const visited = `${block()}.40`
    for (let i = 0; i < 6; i++) {
      const own = { user_id: `user_roam_${uid()}`, device_fingerprint: `dev_roam_${uid()}`, card_token: `tok_roam_${uid()}`, card_country: 'FR' }
      await written(await decideOk(validBody({ ...own, ip_country: 'FR' })))
      const abroad = await decideOk(validBody({ ...own, ip_address: visited, ip_country: 'TH' }))
      expect(abroad.decision, JSON.stringify(abroad.signals)).toBe('ALLOW')
    }
  })

  it('lets a SIM swap after a lost phone, asked for from home, and the top-up after it through; from elsewhere it is REVIEW', async () => {
    const homeAddress = `${block()}.30`
    const own = { user_id: `user_lost_${uid()}`, card_token: `tok_lost_${uid()}`, phone_number: phone() }
    await written(await decideOk(validBody({ ...own, ip_address: homeAddress })))
    // A new phone and SIM, at home (another address of the same /24 after the router reconnected).
    const replacement = { device_fingerprint: `dev_new_${uid()}`, sim_iccid: '8933150319100000011' }
    const swap = await decideOk(validBody({ ...own, ...replacement, ip_address: homeAddress.replace(/\.30$/, '.31'), event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(codes(swap)).toEqual(expect.arrayContaining(['SIM_SWAP', 'DEVICE_SWAP']))
    expect(codes(swap)).not.toContain('RULE_SIM_SWAP_FROM_NEW_DEVICE')
    expect(['ALLOW', 'FRICTION']).toContain(swap.decision)
    await written(swap)
    const topup = await decideOk(validBody({ ...own, ...replacement, ip_address: homeAddress }))
    expect(['ALLOW', 'FRICTION']).toContain(topup.decision)

    const victim = { user_id: `user_victim_${uid()}`, card_token: `tok_victim_${uid()}`, phone_number: phone() }
    await written(await decideOk(validBody({ ...victim, ip_address: `${block()}.30` })))
    const takeover = await decideOk(validBody({ ...victim, device_fingerprint: `dev_attacker_${uid()}`, ip_address: `${block()}.30`, event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(codes(takeover)).toContain('RULE_SIM_SWAP_FROM_NEW_DEVICE')
    expect(takeover.decision).toBe('REVIEW')
  })

  it('does not take a busy shared address for the subscriber\'s home', async () => {
    const shared = `${block()}.50`
    const victim = { user_id: `user_nat_${uid()}`, card_token: `tok_nat_${uid()}`, phone_number: phone() }
    await written(await decideOk(validBody({ ...victim, ip_address: shared })))
    for (let i = 0; i < 6; i++) await written(await decideOk(validBody({ ip_address: shared })))
    const swap = await decideOk(validBody({ ...victim, device_fingerprint: `dev_attacker_${uid()}`, ip_address: shared, event_subtype: 'sim_swap', amount_cents: 0 }))
    expect(codes(swap)).toContain('RULE_SIM_SWAP_FROM_NEW_DEVICE')
    expect(swap.decision).toBe('REVIEW')
  })
})

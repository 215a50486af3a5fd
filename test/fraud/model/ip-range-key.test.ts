// Addresses and ranges as sort keys: an address lies in a range exactly when its key is between the range's bounds.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inCidr, parseCidr, parseIp } from '../../../src/fraud/model/ip-network.ts'
import { addressKey, rangeBounds } from '../../../src/fraud/model/ip-range-key.ts'

describe('range keys', () => {
  it('canonicalise a range and clear its host bits', () => {
    expect(rangeBounds('10.1.2.3/8')).toMatchObject({ cidr: '10.0.0.0/8' })
    expect(rangeBounds('2001:0DB8:0000::/32')).toMatchObject({ cidr: '2001:db8::/32' })
    expect(rangeBounds('::ffff:192.0.2.0/120')).toMatchObject({ cidr: '192.0.2.0/24' })
    expect(rangeBounds('0.0.0.0/0')).toMatchObject({ cidr: '0.0.0.0/0' })
    expect(rangeBounds('10.0.0.1')).toBeNull()
    expect(rangeBounds('10.0.0.0/33')).toBeNull()
    expect(addressKey('::ffff:203.0.113.9')).toBe(addressKey('203.0.113.9'))
  })

  it('agree with inCidr for any IPv4 and IPv6 address and range', () => {
    const v4 = fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([a, bits]) => [a, `${a}/${bits}`] as const)
    const v6 = fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 128 })).map(([a, bits]) => [a, `${a}/${bits}`] as const)
    fc.assert(
      fc.property(fc.oneof(v4, v6), fc.oneof(fc.ipV4(), fc.ipV6()), ([, cidr], address) => {
        const bounds = rangeBounds(cidr)
        const range = parseCidr(cidr)
        const bytes = parseIp(address)
        if (!bounds || !range || !bytes) return
        const key = addressKey(address)!
        expect(key >= bounds.start && key <= bounds.end, `${address} in ${cidr}`).toBe(inCidr(bytes, range))
      }),
      { numRuns: 500 },
    )
  })
})

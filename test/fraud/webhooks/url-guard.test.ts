// Which receiver URLs production accepts: https to public addresses only, judged on what the name resolves to.
import { describe, expect, it } from 'vitest'
import { checkWebhookUrl, isPublicAddress, type Resolver } from '../../../src/fraud/webhooks/url-guard.ts'

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses

describe('checkWebhookUrl in production', () => {
  it('accepts an https name whose every address is public', async () => {
    expect(await checkWebhookUrl('https://hooks.example.com/fraud', { production: true, resolve: resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c') })).toMatchObject({ ok: true })
  })

  it.each([
    ['127.0.0.1'],
    ['10.1.2.3'],
    ['172.20.0.5'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['::1'],
    ['fe80::1'],
    ['fd12:3456::1'],
    ['::ffff:10.0.0.1'],
  ])('refuses a name that resolves to %s, even beside a public address', async (address) => {
    const verdict = await checkWebhookUrl('https://hooks.example.com/fraud', { production: true, resolve: resolvesTo('93.184.215.14', address) })
    expect(verdict).toEqual({ ok: false, reason: `hooks.example.com resolves to ${address}, which is not a public address.` })
  })

  it('refuses a name that does not resolve, and one whose resolution failed', async () => {
    expect(await checkWebhookUrl('https://nowhere.example.com/', { production: true, resolve: resolvesTo() })).toMatchObject({ ok: false, reason: expect.stringMatching(/does not resolve/) })
    const failing: Resolver = async () => {
      throw new Error('DNS over HTTPS answered 502')
    }
    expect(await checkWebhookUrl('https://hooks.example.com/', { production: true, resolve: failing })).toMatchObject({ ok: false, reason: expect.stringMatching(/could not be resolved/) })
  })

  it('does not ask the resolver about an address literal or a private name', async () => {
    const never: Resolver = async () => {
      throw new Error('asked')
    }
    expect(await checkWebhookUrl('https://8.8.8.8/x', { production: true, resolve: never })).toMatchObject({ ok: true })
    expect(await checkWebhookUrl('https://printer.local/x', { production: true, resolve: never })).toMatchObject({ ok: false })
    expect(await checkWebhookUrl('https://[2606:4700:4700::1111]/x', { production: true, resolve: never })).toMatchObject({ ok: true })
  })
})

describe('checkWebhookUrl in development', () => {
  it('allows http://localhost and refuses other schemes', async () => {
    expect(await checkWebhookUrl('http://localhost:8080/hooks', { production: false, resolve: resolvesTo() })).toMatchObject({ ok: true })
    expect(await checkWebhookUrl('file:///etc/passwd', { production: false, resolve: resolvesTo() })).toMatchObject({ ok: false })
  })
})

describe('isPublicAddress', () => {
  it('is true for public unicast only', () => {
    expect(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'].every(isPublicAddress)).toBe(true)
    expect(['192.0.2.1', '198.51.100.1', '203.0.113.1', '224.0.0.1', '255.255.255.255', '2001:db8::1', 'ff02::1', 'not-an-address'].some(isPublicAddress)).toBe(false)
  })
})

// src/fraud/network/cache.ts and the phone number the CAMARA client sends: answers kept a minute by hashed
// number, per API and tenant; the number written as the specifications' E.164.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANSWER_TTL_MS, cachedAnswer, forgetCachedAnswers, rememberAnswer } from '../../../src/fraud/network/cache.ts'
import { e164 } from '../../../src/fraud/network/camara-client.ts'

afterEach(() => {
  vi.useRealTimers()
  forgetCachedAnswers()
})

describe('the answer cache', () => {
  it('answers for a minute, per API and tenant, then asks again', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-28T09:00:00Z') })
    rememberAnswer('sim_swap', 'default', 42, { latestChange: '2026-11-28T08:00:00Z' })
    expect(cachedAnswer('sim_swap', 'default', 42)).toEqual({ latestChange: '2026-11-28T08:00:00Z' })
    expect(cachedAnswer('device_swap', 'default', 42)).toBeUndefined()
    expect(cachedAnswer('sim_swap', 'acme', 42)).toBeUndefined()
    vi.setSystemTime(Date.parse('2026-11-28T09:00:00Z') + ANSWER_TTL_MS - 1)
    expect(cachedAnswer('sim_swap', 'default', 42)).toBeDefined()
    vi.setSystemTime(Date.parse('2026-11-28T09:00:00Z') + ANSWER_TTL_MS)
    expect(cachedAnswer('sim_swap', 'default', 42)).toBeUndefined()
  })

  it('keeps "no change within the monitored period" as an answer too', () => {
    rememberAnswer('device_swap', 'default', 7, { latestChange: null, monitoredPeriod: 120 })
    expect(cachedAnswer('device_swap', 'default', 7)).toEqual({ latestChange: null, monitoredPeriod: 120 })
  })
})

describe('e164', () => {
  it('writes the request\'s number with its "+", and refuses what the specifications would', () => {
    expect(e164('+33612345678')).toBe('+33612345678')
    expect(e164('33612345678')).toBe('+33612345678')
    expect(e164('0612345678')).toBeNull()
    expect(e164('+1234567890123456')).toBeNull()
  })
})

// Amounts in signal messages read as money in the request's currency, not as a count of cents.
import { describe, expect, it } from 'vitest'
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'
import { friendlyFraud } from '../../../src/fraud/engine/detectors/friendly-fraud.ts'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features.ts'
import { formatMoney } from '../../../src/fraud/engine/money.ts'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store.ts'

describe('formatMoney', () => {
  it('uses the currency minor units, thousands separators and the code after the amount', () => {
    expect(formatMoney(120000, 'EUR')).toBe('1,200.00 EUR')
    expect(formatMoney(5, 'USD')).toBe('0.05 USD')
    expect(formatMoney(1500, 'JPY')).toBe('1,500 JPY')
    expect(formatMoney(1234567, 'KWD')).toBe('1,234.567 KWD')
    expect(formatMoney(0, 'GBP')).toBe('0.00 GBP')
  })
})

describe('signal messages', () => {
  it('show the amount of a high-value purchase as money', () => {
    const request: DecisionRequest = {
      transaction_id: 'tx_m', idempotency_key: 'idem_m', amount_cents: 120000, currency: 'EUR', service_id: 'svc_1',
      service_type: 'mobile', event_subtype: 'equipment_purchase', card_token: 'tok_m', user_id: 'user_m',
      device_fingerprint: 'dev_m', ip_address: '82.65.1.2', timestamp: '2026-11-22T10:00:00Z',
    }
    const features = buildFeatures(request, EMPTY_HISTORY, BUNDLED_POLICY, Date.parse('2026-11-22T10:00:00Z'))
    const signal = friendlyFraud({ request, features, policy: BUNDLED_POLICY }).find((s) => s.code === 'HIGH_VALUE_NEW_SUBSCRIBER')
    expect(signal?.message).toBe('equipment_purchase of 1,200.00 EUR by a subscriber with no earlier transactions')
  })
})

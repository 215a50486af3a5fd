// Signal messages read as sentences: a count agrees with its noun ("1 earlier transaction", "2 earlier transactions").
import { describe, expect, it } from 'vitest'
import type { DecisionRequest } from '../../../src/fraud/model/request'
import { evaluate } from '../../../src/fraud/engine/evaluate'
import { buildFeatures, EMPTY_HISTORY } from '../../../src/fraud/engine/features'
import { plural } from '../../../src/fraud/engine/plural'
import { BUNDLED_POLICY } from '../../../src/fraud/policy/store'

const request: DecisionRequest = {
  transaction_id: 'tx_1',
  idempotency_key: 'idem_1',
  amount_cents: 1500,
  currency: 'EUR',
  service_id: 'svc_1',
  service_type: 'mobile',
  event_subtype: 'topup',
  card_token: 'tok_1',
  user_id: 'user_1',
  device_fingerprint: 'dev_1',
  ip_address: '82.65.1.2',
  timestamp: '2026-11-22T10:00:00Z',
}
const NOW = Date.parse('2026-11-22T10:00:00Z')

const messageOf = (history: Partial<typeof EMPTY_HISTORY>, code: string) =>
  evaluate(request, buildFeatures(request, { ...EMPTY_HISTORY, ...history }, BUNDLED_POLICY, NOW), BUNDLED_POLICY).signals.find((s) => s.code === code)?.message

describe('signal messages', () => {
  it('agree in number with their counts', () => {
    expect(plural(1, 'device')).toBe('1 device')
    expect(plural(0, 'device')).toBe('0 devices')
    expect(messageOf({ userDisputes: 1 }, 'SUBSCRIBER_PRIOR_DISPUTES')).toBe('1 earlier transaction of this subscriber ended in a chargeback or friendly fraud')
    expect(messageOf({ userDisputes: 2 }, 'SUBSCRIBER_PRIOR_DISPUTES')).toBe('2 earlier transactions of this subscriber ended in a chargeback or friendly fraud')
    expect(messageOf({ cardDisputes: 1 }, 'CARD_PRIOR_DISPUTES')).toBe('1 earlier transaction paid with this card ended in a chargeback or friendly fraud')
  })
})

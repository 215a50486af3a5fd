// One ordinary top-up, and the clock it happens at, for the engine's pure tests.
import type { DecisionRequest } from '../../../src/fraud/model/request.ts'

export const ENGINE_REQUEST: DecisionRequest = {
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

export const ENGINE_NOW = Date.parse('2026-11-22T10:00:00Z')

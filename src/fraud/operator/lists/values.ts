/**
 * @module
 * A live list item's or snooze's value: read exactly as the request's field is read (so both sides meet), then
 * stored as the history stores that field, a keyed hash under the tenant's key; an `ip_range` is stored as its
 * CIDR and bounds instead (a hash cannot hold a range). The raw value is never stored.
 */
import type { z } from 'zod'
import type { FraudSettings } from '../../config.ts'
import { hashIdentifier, tenantHashKey } from '../../evidence/hashing.ts'
import { rangeBounds } from '../../model/ip-range-key.ts'
import type { LiveListField } from '../../model/live-list.ts'
import { DecisionRequest } from '../../model/request.ts'

/** The request's own schema of each hashed field: the same normalisation (NFKC, canonical IP) on both sides. */
const FIELD_SCHEMAS: Record<Exclude<LiveListField, 'ip_range'>, z.ZodType<string>> = {
  card_token: DecisionRequest.shape.card_token,
  user_id: DecisionRequest.shape.user_id,
  phone_number: DecisionRequest.shape.phone_number.unwrap(),
  device_fingerprint: DecisionRequest.shape.device_fingerprint,
  imei: DecisionRequest.shape.imei.unwrap(),
  ip_address: DecisionRequest.shape.ip_address,
}

/** What D1 keeps of a value. */
export interface StoredValue {
  valueHash: number | null
  cidr: string | null
  rangeStart: string | null
  rangeEnd: string | null
}

/** A value read as its field reads it, or why it is not one. */
export type ReadValue = { ok: true; value: string } | { ok: false; message: string }

/**
 * The value as the request's field would read it (an ip_range as its canonical CIDR).
 *
 * @example
 * readValue('ip_address', '::ffff:203.0.113.9') // { ok: true, value: '203.0.113.9' }
 * readValue('ip_range', '10.1.2.3/8') // { ok: true, value: '10.0.0.0/8' }
 */
export function readValue(field: LiveListField, value: string): ReadValue {
  if (field === 'ip_range') {
    const bounds = value.length <= 64 ? rangeBounds(value) : null
    return bounds ? { ok: true, value: bounds.cidr } : { ok: false, message: 'must be a CIDR range, e.g. "192.0.2.0/24" or "2001:db8::/32"' }
  }
  const read = FIELD_SCHEMAS[field].safeParse(value)
  return read.success ? { ok: true, value: read.data } : { ok: false, message: read.error.issues[0]?.message ?? `must be a ${field}` }
}

/**
 * What D1 stores for a value already read by readValue: the field's keyed hash under the tenant's key, or a range.
 *
 * @example
 * await storedValue(env, 'acme', 'card_token', 'tok_1') // { valueHash: 4.1e15-ish, cidr: null, … }
 */
export async function storedValue(env: FraudSettings, tenant: string, field: LiveListField, value: string): Promise<StoredValue> {
  if (field === 'ip_range') {
    const bounds = rangeBounds(value)
    if (!bounds) throw new Error('storedValue: not a CIDR range (read it with readValue first)')
    return { valueHash: null, cidr: bounds.cidr, rangeStart: bounds.start, rangeEnd: bounds.end }
  }
  const valueHash = await hashIdentifier(await tenantHashKey(env, tenant), field, value)
  return { valueHash, cidr: null, rangeStart: null, rangeEnd: null }
}

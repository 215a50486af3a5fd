/**
 * @module
 * Keyed hashes (HMAC-SHA-256 under EVIDENCE_HASH_KEY) of the identifiers D1 keeps, so a copy of the
 * database reveals no subscriber data while history queries still match equal identifiers.
 */
import { fraudConfig, type FraudSettings } from '../config.ts'
import type { DecisionRequest } from '../model/request.ts'
import { payloadKey } from '../model/fingerprint.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { networkPrefixes } from '../model/ip-network.ts'

/** The development default of wrangler.fraud.toml [vars]; refused outside development (see hashKey). */
export const DEVELOPMENT_HASH_KEY = 'development-only-evidence-hash-key'

/** Thrown when production runs without its own key: the worker fails closed rather than hash under a public one. */
export class MissingHashKeyError extends Error {
  constructor() {
    super('EVIDENCE_HASH_KEY is missing or is the development default in production; set it with `wrangler secret put EVIDENCE_HASH_KEY --env production`.')
    this.name = 'MissingHashKeyError'
  }
}

const encoder = new TextEncoder()
// One imported CryptoKey per key string, so the import is paid once per isolate, not per decision.
const imported = new Map<string, Promise<CryptoKey>>()

/**
 * The HMAC key for this environment. Every environment but development (ENVIRONMENT exactly "development")
 * must have its own secret: with none, or with the public
 * development default, decisions fail (500) instead of writing hashes anyone could recompute.
 *
 * @example
 * const key = await hashKey(env)
 */
export function hashKey(env: FraudSettings): Promise<CryptoKey> {
  const { development, evidenceHashKey: secret } = fraudConfig(env)
  if (!development && (secret === '' || secret === DEVELOPMENT_HASH_KEY)) {
    return Promise.reject(new MissingHashKeyError())
  }
  return importedKey(keyMaterial(env))
}

function keyMaterial(env: FraudSettings): string {
  const secret = fraudConfig(env).evidenceHashKey
  return secret === '' ? DEVELOPMENT_HASH_KEY : secret
}

function importedKey(material: string): Promise<CryptoKey> {
  let key = imported.get(material)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(material), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    imported.set(material, key)
  }
  return key
}

// One derived CryptoKey per base key and tenant.
const tenantKeys = new Map<string, Promise<CryptoKey>>()

async function deriveTenantKey(material: string, tenant: string): Promise<CryptoKey> {
  const base = await importedKey(material)
  const derived = await crypto.subtle.sign('HMAC', base, encoder.encode(`tenant\u0000${tenant}`))
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
}

/**
 * The HMAC key of one tenant's identifiers: the environment's key itself for `default` (so its rows, and those
 * written before tenants, keep their hashes), and for any other tenant a key derived from it by HMAC of the
 * tenant id. Every hashed column in D1 (history, idempotency keys, transaction ids, outcomes) is then partitioned
 * by tenant: the same card under two tenants has two unrelated hashes, so one tenant's traffic never counts in
 * another's history. Fails as hashKey does.
 *
 * @example
 * const key = await tenantHashKey(env, 'acme')
 */
export async function tenantHashKey(env: FraudSettings, tenant: string): Promise<CryptoKey> {
  const base = await hashKey(env)
  if (tenant === DEFAULT_TENANT) return base
  const material = keyMaterial(env)
  const cacheKey = `${material}\u0000${tenant}`
  let key = tenantKeys.get(cacheKey)
  if (!key) {
    key = deriveTenantKey(material, tenant)
    tenantKeys.set(cacheKey, key)
  }
  return key
}

async function hmac(key: CryptoKey, domain: string, value: string): Promise<Uint8Array> {
  // The field name is part of the message, so equal strings in two fields never share a hash.
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${domain}\u0000${value}`)))
}

/**
 * The first 53 bits of the HMAC as a safe integer: 8 bytes in SQLite, bound as a plain number. A chance
 * collision of two subscribers only merges their counts (expected pairs at 15 million identifiers: 0.01).
 */
async function hmac53(key: CryptoKey, domain: string, value: string): Promise<number> {
  const bytes = await hmac(key, domain, value)
  const high = ((bytes[0]! << 13) | (bytes[1]! << 5) | (bytes[2]! >>> 3)) >>> 0 // 21 bits
  const low = ((bytes[3]! << 24) | (bytes[4]! << 16) | (bytes[5]! << 8) | bytes[6]!) >>> 0 // 32 bits
  return high * 2 ** 32 + low
}

/**
 * The keyed hash of a transaction_id, the replay look-up's index in D1.
 *
 * @example
 * await hashTransactionId(await hashKey(env), 'tx_123')
 */
export function hashTransactionId(key: CryptoKey, transactionId: string): Promise<number> {
  return hmac53(key, 'transaction_id', transactionId)
}

/** The identifiers an operator can find decisions by (GET /decisions). */
export const SEARCHABLE_IDENTIFIERS = ['transaction_id', 'user_id', 'phone_number', 'card_token', 'device_fingerprint'] as const
export type SearchableIdentifier = (typeof SEARCHABLE_IDENTIFIERS)[number]

/** Every identifier hashed one to one from a request field: the searchable ones, and the IMEI and address live lists name. */
export type HashedIdentifier = SearchableIdentifier | 'imei' | 'ip_address'

/**
 * The keyed hash D1 stores for one identifier, as hashIdentifiers computes it: the search and the live lists
 * match the rows without the raw value ever being stored.
 *
 * @example
 * await hashIdentifier(await tenantHashKey(env, 'acme'), 'card_token', 'tok_123')
 */
export function hashIdentifier(key: CryptoKey, field: HashedIdentifier, value: string): Promise<number> {
  return field === 'transaction_id' ? hashTransactionId(key, value) : hmac53(key, field, value)
}

/** The hashed identifiers of one request, as D1 stores and queries them. */
export interface HashedIdentifiers {
  idempotencyKey: Uint8Array
  transactionId: number
  fingerprint: number
  userId: number
  cardToken: number
  deviceFingerprint: number
  ipAddress: number
  phoneNumber: number | null
  imei: number | null
  /** The SIM card (ICCID), for SIMs per device. */
  simIccid: number | null
  /** The address's /24 (IPv4) or /64 (IPv6): network-range counts and the subscriber's home network. */
  ipPrefix: number
  /** The address's /48 (IPv6 only; null for IPv4). */
  ipRange: number | null
}

/**
 * Hashes every identifier D1 keeps.
 *
 * @example
 * const hashed = await hashIdentifiers(await hashKey(env), request)
 * hashed.userId // 4.1e15-ish integer, the same for the same user_id under the same key
 */
export async function hashIdentifiers(key: CryptoKey, request: DecisionRequest): Promise<HashedIdentifiers> {
  const network = networkPrefixes(request.ip_address)
  const [idem, transactionId, fingerprint, userId, cardToken, deviceFingerprint, ipAddress, phoneNumber, imei, simIccid, ipPrefix, ipRange] = await Promise.all([
    hmac(key, 'idempotency_key', request.idempotency_key),
    hashTransactionId(key, request.transaction_id),
    hmac53(key, 'payload', payloadKey(request)),
    hmac53(key, 'user_id', request.user_id),
    hmac53(key, 'card_token', request.card_token),
    hmac53(key, 'device_fingerprint', request.device_fingerprint),
    hmac53(key, 'ip_address', request.ip_address),
    request.phone_number === undefined ? null : hmac53(key, 'phone_number', request.phone_number),
    request.imei === undefined ? null : hmac53(key, 'imei', request.imei),
    request.sim_iccid === undefined ? null : hmac53(key, 'sim_iccid', request.sim_iccid),
    hmac53(key, 'ip_prefix', network.prefix),
    network.range === null ? null : hmac53(key, 'ip_range', network.range),
  ])
  return { idempotencyKey: idem.slice(0, 16), transactionId, fingerprint, userId, cardToken, deviceFingerprint, ipAddress, phoneNumber, imei, simIccid, ipPrefix, ipRange }
}

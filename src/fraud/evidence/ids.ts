/**
 * @module
 * Evidence ids: `evt_` + a UUID version 7, whose 48-bit time prefix names the archive partition.
 */
import { parse, v7, validate, version } from 'uuid'

const PREFIX = 'evt_'

/**
 * A new evidence id for a decision made at `nowMs` (the UUID carries that millisecond).
 *
 * @example
 * newEvidenceId(Date.now()) // 'evt_019aafc2-3b4e-7c1d-8f00-2b1c...'
 */
export function newEvidenceId(nowMs: number): string {
  return `${PREFIX}${v7({ msecs: nowMs })}`
}

/** The UUID of a well-formed evidence id (`evt_` + a UUID version 7), else null. */
function uuidOf(id: string): string | null {
  if (!id.startsWith(PREFIX)) return null
  const uuid = id.slice(PREFIX.length).toLowerCase()
  return validate(uuid) && version(uuid) === 7 ? uuid : null
}

/**
 * True for `evt_` + a UUID version 7, the only evidence ids there are.
 *
 * @example
 * isEvidenceId('evt_019ab0c1-5b2e-7c3d-8e4f-0a1b2c3d4e5f') // true
 * isEvidenceId('evt_0b6e2d0c-6f0a-4c1e-9b8e-3d1f2a4b5c6d') // false (a v4 UUID)
 */
export function isEvidenceId(id: string): boolean {
  return uuidOf(id) !== null
}

/**
 * The millisecond an evidence id was made, or null for an id that is not `evt_` + a UUID v7.
 *
 * @example
 * evidenceTime(newEvidenceId(1_700_000_000_000)) // 1700000000000
 */
export function evidenceTime(id: string): number | null {
  const uuid = uuidOf(id)
  return uuid === null ? null : Number.parseInt(uuid.replaceAll('-', '').slice(0, 12), 16)
}

/**
 * The 16 bytes of the UUID (D1's key for the id), or null for an id that is not `evt_` + a UUID v7.
 *
 * @example
 * evidenceIdBytes('evt_019aafc2-...')?.length // 16
 */
export function evidenceIdBytes(id: string): Uint8Array | null {
  const uuid = uuidOf(id)
  return uuid === null ? null : parse(uuid)
}

/**
 * D1's 16-byte key of a decision: the UUID of its evidence id, whose order is time order. Throws for
 * anything that is not an evidence id.
 *
 * @example
 * rowKey('evt_019ab0c1-...') // the UUID's 16 bytes
 */
export function rowKey(id: string): Uint8Array {
  const key = evidenceIdBytes(id)
  if (key === null) throw new Error('not an evidence id')
  return key
}

/**
 * The smallest UUID v7 bytes of a millisecond: every id made before `ms` sorts below it.
 *
 * @example
 * timeBound(Date.now() - 86_400_000) // purge bound for rows older than a day
 */
export function timeBound(ms: number): Uint8Array {
  const bytes = new Uint8Array(16)
  let t = ms
  for (let i = 5; i >= 0; i--) {
    bytes[i] = t % 256
    t = Math.floor(t / 256)
  }
  return bytes
}

/**
 * The smallest evidence id string of a millisecond: v7 evidence ids compare as strings in time order, so
 * `id >= evidenceIdBound(t)` selects the ids made at or after `t` (a range over a text key).
 *
 * @example
 * evidenceIdBound(Date.parse('2026-11-23T09:00:00Z')) // 'evt_01a2…-…'
 */
export function evidenceIdBound(ms: number): string {
  const hex = Math.max(0, Math.min(ms, 2 ** 48 - 1)).toString(16).padStart(12, '0')
  return `${PREFIX}${hex.slice(0, 8)}-${hex.slice(8, 12)}`
}

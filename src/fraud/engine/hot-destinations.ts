/**
 * @module
 * Longest-prefix match of a destination number range against the policy's hot list.
 */
import type { HotRange } from '../model/policy.ts'

// One index per hot list (per policy object), built on first use, so a 10,000-range list costs at most
// 15 map look-ups a decision instead of a scan.
const indexes = new WeakMap<HotRange[], Map<string, HotRange>>()

function indexOf(ranges: HotRange[]): Map<string, HotRange> {
  let index = indexes.get(ranges)
  if (!index) {
    index = new Map(ranges.map((r) => [r.prefix, r]))
    indexes.set(ranges, index)
  }
  return index
}

/**
 * The most specific listed range that the destination prefix falls in, or null. A destination given
 * shorter than a listed range (say "882" against "88216") does not match: it does not name that range.
 *
 * @example
 * hotRangeFor('+8821612', [{ prefix: '8821', … }, { prefix: '88216', label: 'Thuraya', weight: 0.6 }]) // the 88216 range
 */
export function hotRangeFor(destination: string | undefined, ranges: HotRange[]): HotRange | null {
  if (destination === undefined || ranges.length === 0) return null
  const digits = destination.startsWith('+') ? destination.slice(1) : destination
  const index = indexOf(ranges)
  for (let length = digits.length; length >= 1; length--) {
    const hit = index.get(digits.slice(0, length))
    if (hit) return hit
  }
  return null
}

/**
 * @module
 * A name the knowledge base does not know, read as the known name it lies nearest, when a misreading
 * explains the difference: within a bound that grows with the name's length, no near-matching of short
 * names, Latin script on both sides, and one entry nearer than every other. Precision over recall: a
 * wrong entry misleads a reader, an unknown one only fails to help.
 */
import { memoizeString } from '../../memo.ts'
import { entryAt } from '../load.ts'
import { normalizeName } from '../normalize.ts'
import type { KnowledgeEntry } from '../types.ts'
import { candidateAt, candidatesFor } from './candidates.ts'
import { ocrDistance, UNIT_COSTS } from './ocr-distance.ts'

/** A known name a label's name was read as. */
export interface NearMatch {
  /** The known name, as the knowledge base indexes it (normalised). */
  name: string
  /** Edits between the two: letters dropped, added, changed or swapped, a look-alike pair (rn/m) one edit. */
  distance: number
  entry: KnowledgeEntry
}

/** Names shorter than this are not near-matched: too many short names lie one edit apart. */
export const SHORTEST_NEAR_MATCH = 4

/**
 * The most an OCR-weighted distance may be for a name of this length (in characters of its key).
 *
 * @example
 * nearMatchBound(4) // 0.75: one swap, look-alike or doubled letter
 * nearMatchBound(22) // 2
 */
export function nearMatchBound(length: number): number {
  if (length < SHORTEST_NEAR_MATCH) return 0
  if (length === 4) return 0.75
  if (length <= 7) return 1
  // Two plain edits in a name under twenty letters already turn one word into another ("tintenfischringe",
  // squid rings, is two letters from "tintenfischtinte", squid ink).
  if (length <= 19) return 1.5
  return 2
}

// The query may hold the digits a recogniser reads for letters (1 for l, 0 for o); the candidates may not.
const QUERY = /^[a-z01][a-z01 '&.-]*[a-z01]$/
const LETTER = /[a-z]/

function queryKey(name: string): string {
  // A hyphen printed between spaces ("Céleri - rave") is the index's hyphen, not a misreading.
  const normalised = normalizeName(name).replace(/ ?- ?/g, '-')
  if (!QUERY.test(normalised) || !LETTER.test(normalised)) return ''
  return normalised.includes('sulph') ? normalised.replaceAll('sulph', 'sulf') : normalised
}

/**
 * The known name an unknown name is most likely a misreading of, or undefined when none is near enough
 * or two entries are equally near. Remembered per isolate.
 *
 * @example
 * nearMatch('Aqau')?.entry.name // 'Water'
 * nearMatch('Sodum Laureth Sulphate')?.name // 'sodium laureth sulfate'
 */
export const nearMatch = memoizeString(nearMatchOnce, 2048)

function nearMatchOnce(name: string): NearMatch | undefined {
  const key = queryKey(name)
  const bound = nearMatchBound(key.length)
  if (bound === 0) return undefined
  let bestLine = -1
  let bestCost = bound
  let bestPosition = -1
  let ambiguous = false
  candidatesFor(key, Math.ceil(bound), (line, candidate) => {
    // An exact key is a spelling the index has under another form (sulph/sulf): cost 0, still a near match.
    const cost = candidate === key ? 0 : ocrDistance(candidate, key, bestCost)
    if (cost === Infinity) return
    const position = candidateAt(line).position
    if (bestLine < 0 || cost < bestCost) {
      ambiguous = false
      bestLine = line
      bestCost = cost
      bestPosition = position
    } else if (position !== bestPosition) ambiguous = true
  })
  if (bestLine < 0 || ambiguous) return undefined
  const best = candidateAt(bestLine)
  const entry = entryAt(best.position)
  if (!entry) return undefined
  return { name: best.name, distance: ocrDistance(key, best.key, Infinity, UNIT_COSTS), entry }
}

/**
 * @module
 * normalizeName remembered per isolate, for the analysis's hot paths (class words, purposes): the same label
 * words and knowledge-base purposes are normalised on every request. normalize.ts itself stays a plain
 * function, because the knowledge-base generator imports it (and hashes it as one of its inputs).
 */
import { memoizeString } from '../memo.ts'
import { normalizeName } from './normalize.ts'

/**
 * normalizeName, answered from memory after the first time.
 *
 * @example
 * normalizedName('  Glycérine ') // 'glycerine'
 */
export const normalizedName = memoizeString(normalizeName, 8192)

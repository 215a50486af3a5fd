/**
 * @module
 * Bounded per-isolate memory for pure functions of one string: label words recur across requests
 * ("Aqua", "Glycerin", "sucre"), and normalising, tidying and looking them up is most of an analysis's
 * cost. Only functions whose answer depends on the string alone (and on data fixed for the isolate's
 * life, such as the embedded knowledge base) may be wrapped, and their answers must not be mutated.
 */

/** Longer strings are computed every time: they rarely recur, and they would make the memory unbounded. */
export const MEMO_MAX_KEY_CHARS = 256

export interface StringMemo<T> {
  (key: string): T
  /** How many answers are remembered now. */
  readonly size: () => number
}

/**
 * Wraps `compute` so that each string's answer is computed once and remembered, for at most `maxEntries`
 * strings of at most MEMO_MAX_KEY_CHARS characters. When full, the oldest answer is forgotten first
 * (insertion order: cheaper than moving an entry on every hit, and the common words are re-learnt at once).
 *
 * @example
 * const tidyOnce = memoizeString(tidy, 4096)
 * tidyOnce(' Aqua ') // 'Aqua', computed
 * tidyOnce(' Aqua ') // 'Aqua', remembered
 */
export function memoizeString<T>(compute: (key: string) => T, maxEntries: number): StringMemo<T> {
  const answers = new Map<string, T>()
  const memo = (key: string): T => {
    if (key.length > MEMO_MAX_KEY_CHARS) return compute(key)
    const known = answers.get(key)
    // `undefined` is a legitimate answer (a name the knowledge base does not know): tell it from a miss.
    if (known !== undefined || answers.has(key)) return known as T
    const answer = compute(key)
    if (answers.size >= maxEntries) {
      const oldest = answers.keys().next()
      if (!oldest.done) answers.delete(oldest.value)
    }
    answers.set(key, answer)
    return answer
  }
  return Object.assign(memo, { size: () => answers.size })
}

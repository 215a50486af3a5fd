/**
 * @module
 * Per-isolate memory for what is worked out from one knowledge entry and a few request settings (its
 * purpose and concern sentences for an expertise and a kind of label, its skin rules for a skin type):
 * the embedded knowledge base decodes each entry once and hands out the same object, so the work is done
 * once per entry rather than once per ingredient of every request. Entries are never changed after they are
 * made, so an answer stays right; it is forgotten with its entry.
 */

/**
 * Answers remembered per entry object and settings key.
 *
 * @example
 * const purposes = new EntryMemo<string>()
 * purposes.get(entry, 'expert|Food') ?? purposes.set(entry, 'expert|Food', purposeOf(entry))
 */
export class EntryMemo<T> {
  // Weak, so entries a model assessed for one request are not kept alive by what was said about them.
  private readonly answers = new WeakMap<object, Map<string, T>>()

  /** The answer remembered for the entry and settings, or undefined. */
  get(entry: object, key: string): T | undefined {
    return this.answers.get(entry)?.get(key)
  }

  /** Remembers an answer, and gives it back. */
  set(entry: object, key: string, answer: T): T {
    let byKey = this.answers.get(entry)
    if (byKey === undefined) {
      byKey = new Map()
      this.answers.set(entry, byKey)
    }
    byKey.set(key, answer)
    return answer
  }
}

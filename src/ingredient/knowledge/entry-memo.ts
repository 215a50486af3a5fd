/**
 * @module
 * Per-isolate memory for what is worked out from one knowledge entry and a few request settings (its
 * purpose and concern sentences for an expertise and a kind of label, its skin rules for a skin type):
 * the embedded knowledge base decodes each entry once and hands out the same object, so the work is done
 * once per entry rather than once per ingredient of every request. Entries are never changed after they are
 * made, so an answer stays right; it is forgotten with its entry.
 */
import type { Category } from './types.ts'
import { LANGUAGES, type Expertise, type Language } from '../profile.ts'

/**
 * Answers remembered per entry object and settings slot (a small number: see wordingSlot).
 *
 * @example
 * const purposes = new EntryMemo<string>()
 * const slot = wordingSlot('expert', 'Food')
 * purposes.get(entry, slot) ?? purposes.set(entry, slot, purposeOf(entry))
 */
export class EntryMemo<T> {
  // Weak, so entries a model assessed for one request are not kept alive by what was said about them.
  private readonly answers = new WeakMap<object, (T | undefined)[]>()

  /** The answer remembered for the entry and slot, or undefined. */
  get(entry: object, slot: number): T | undefined {
    return this.answers.get(entry)?.[slot]
  }

  /** Remembers an answer, and gives it back. */
  set(entry: object, slot: number, answer: T): T {
    let bySlot = this.answers.get(entry)
    if (bySlot === undefined) {
      bySlot = []
      this.answers.set(entry, bySlot)
    }
    bySlot[slot] = answer
    return answer
  }
}

/** A label's kind as a slot of its own (0 to 2), for answers that depend on nothing else. */
export const CATEGORY_SLOTS: Readonly<Record<Category, number>> = { Food: 0, Cosmetics: 1, Both: 2 }
const LANGUAGE_SLOTS = Object.fromEntries(LANGUAGES.map((language, i) => [language, i])) as Readonly<Record<Language, number>>

/**
 * The slot of a reader's expertise, a label's kind and the answer's language: a number rather than a string made
 * on every call.
 *
 * @example
 * wordingSlot(undefined, 'Food') // 0
 * wordingSlot('expert', 'Both') // 8
 * wordingSlot('expert', 'Both', 'fr') // 17
 */
export function wordingSlot(expertise: Expertise | undefined, productCategory: Category, language: Language = 'en'): number {
  const level = expertise === 'beginner' ? 1 : expertise === 'expert' ? 2 : 0
  return LANGUAGE_SLOTS[language] * 9 + level * 3 + CATEGORY_SLOTS[productCategory]
}


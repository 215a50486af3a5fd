// English function words that no sentence of another language contains, for the checks that an answer or a language
// file holds no English left. Whole words only ("iséthionate" and "Tocoferóis" hold no "is"); "in" and "or" are
// French, German or Italian words too, so they are not in the list.
const FUNCTION_WORDS = ['the', 'and', 'of', 'with', 'which', 'your', 'this', 'is', 'are', 'from', 'contains', 'may', 'its', 'for', 'not', 'should', 'can', 'only', 'by', 'than']

/**
 * A pattern that finds an English function word, or one of `extra`, as a whole word.
 *
 * @example
 * englishWords().test('Contient du lait') // false
 */
export function englishWords(extra: readonly string[] = []): RegExp {
  return new RegExp(`(?<!\\p{L})(${[...FUNCTION_WORDS, ...extra].join('|')})(?!\\p{L})`, 'iu')
}

/**
 * @module
 * Separator normalisation: label lists use commas, semicolons, CJK commas, bullets and line breaks;
 * the API speaks comma-separated lists. Decimal commas ("0,5 %") are not separators.
 */

// A comma between two digits is a decimal comma; every other separator becomes ", ". The full-width
// slash separates items on Japanese labels; the ASCII slash stays ("Caprylic/Capric Triglyceride").
const SEPARATORS = /(?<!\d),(?!\d)|\s*[;；、，•·|／]\s*|\s*\n+\s*/gu

/**
 * Normalises every list separator to ", ", collapses white space and trims end punctuation.
 *
 * @example
 * normalizeSeparators('砂糖、カカオマス；乳糖') // '砂糖, カカオマス, 乳糖'
 * normalizeSeparators('Sugar 20%; salt 0,5 %') // 'Sugar 20%, salt 0,5 %'
 */
export function normalizeSeparators(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(SEPARATORS, ', ')
    .replace(/[ \t\u00a0\u3000]+/gu, ' ')
    .replace(/\s*,\s*/g, (match, offset: number, whole: string) =>
      // Keep decimal commas intact ("0,5"), normalise list commas to ", ".
      /\d/.test(whole[offset - 1] ?? '') && /\d/.test(whole[offset + match.length] ?? '') && match === ',' ? ',' : ', ',
    )
    .replace(/(,\s*){2,}/g, ', ')
    .replace(/^[\s,.:;]+|[\s,.;:。]+$/gu, '')
}

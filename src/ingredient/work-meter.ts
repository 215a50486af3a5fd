/**
 * @module
 * Counts the characters the label parser's steps read. A step charges the length of the text it reads once;
 * a test compares the count for a text and for one four times longer, which shows the parsing is linear
 * in its input without a clock (workerd's stands still while code runs). Only a measurement counts: in
 * serving, a step's charge is one comparison, and no count grows for the life of the isolate (past the
 * small-integer range every addition would allocate).
 */

let charactersRead = 0
/** How many measurements are running: nothing is counted when none is. */
let measuring = 0

/**
 * Charges one reading of `text` while a measurement runs, and gives it back.
 *
 * @example
 * const text = reading(label) // the step then reads `text` a bounded number of times
 */
export function reading(text: string): string {
  if (measuring > 0) charactersRead += text.length + 1
  return text
}

/**
 * How many characters `run` made the parser read.
 *
 * @example
 * charactersReadBy(() => parseIngredientList('sugar, salt')) // about 40
 */
export function charactersReadBy(run: () => unknown): number {
  const before = charactersRead
  measuring++
  try {
    run()
  } finally {
    measuring--
  }
  return charactersRead - before
}

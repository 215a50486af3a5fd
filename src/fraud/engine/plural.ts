/**
 * @module
 * A count with its noun in agreement, for signal messages ("1 earlier transaction", "2 earlier transactions").
 */

/**
 * @example
 * plural(1, 'device') // '1 device'
 * plural(3, 'earlier transaction') // '3 earlier transactions'
 */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

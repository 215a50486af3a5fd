/**
 * @module
 * Amounts in analyst messages: minor units turned into money with the currency's own decimals.
 */

const decimalsCache = new Map<string, number>()

/** The currency's minor-unit digits (2 for EUR, 0 for JPY, 3 for KWD), from Intl. */
function decimalsOf(currency: string): number {
  let digits = decimalsCache.get(currency)
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
    } catch {
      digits = 2
    }
    decimalsCache.set(currency, digits)
  }
  return digits
}

/**
 * An amount in minor units (`amount_cents`) as an analyst reads it.
 *
 * @example
 * formatMoney(120000, 'EUR') // '1,200.00 EUR'
 * formatMoney(5000, 'JPY')   // '5,000 JPY'
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const digits = decimalsOf(currency)
  const amount = minorUnits / 10 ** digits
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`
}

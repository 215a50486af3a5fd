/**
 * @module
 * Amounts for people: signal messages show "1,200.00 EUR", not "120000 cents".
 */

// Building an Intl.NumberFormat costs far more than formatting with one: one formatter per currency code, kept.
// Only well-formed codes are kept (at most 26³ of them; the request schema admits only ISO 4217 ones).
const formatters = new Map<string, Formatter>()

interface Formatter {
  digits: number
  format: Intl.NumberFormat
}

function formatterFor(currency: string): Formatter {
  const kept = formatters.get(currency)
  if (kept) return kept
  let digits: number
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    // An ill-formed code (the engine is also called directly, without the schema): two decimals, not kept.
    return { digits: 2, format: new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) }
  }
  const formatter = { digits, format: new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }) }
  formatters.set(currency, formatter)
  return formatter
}

/**
 * Formats an amount in the currency's minor units (ISO 4217: 2 decimals for EUR, 0 for JPY, 3 for KWD)
 * with thousands separators and the currency code after it.
 *
 * @example
 * formatMoney(120000, 'EUR') // '1,200.00 EUR'
 * formatMoney(1500, 'JPY')   // '1,500 JPY'
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const { digits, format } = formatterFor(currency)
  return `${format.format(minorUnits / 10 ** digits)} ${currency}`
}

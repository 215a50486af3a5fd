/**
 * @module
 * Amounts for people: signal messages show "1,200.00 EUR", not "120000 cents".
 */

/**
 * Formats an amount in the currency's minor units (ISO 4217: 2 decimals for EUR, 0 for JPY, 3 for KWD)
 * with thousands separators and the currency code after it.
 *
 * @example
 * formatMoney(120000, 'EUR') // '1,200.00 EUR'
 * formatMoney(1500, 'JPY')   // '1,500 JPY'
 */
export function formatMoney(minorUnits: number, currency: string): string {
  let digits = 2
  try {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    // An unknown code (the schema admits only ISO 4217 codes, but the engine is also called directly): two decimals.
  }
  const amount = new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minorUnits / 10 ** digits)
  return `${amount} ${currency}`
}

/**
 * @module
 * The order in which an entry's functions are shown. CosIng lists an INCI name's functions in
 * alphabetical order, so water reads "Antiplaque" before "Solvent" and glycerin "Denaturant" before
 * "Humectant". These tables only reorder the functions the sources give; they never add one.
 */

/**
 * The function that matters most on a typical label, for very common ingredients: by INCI name (cosmetic
 * side) or E-number (food side). It must be one of the entry's own functions; the generator checks.
 */
export const PRIMARY_FUNCTION: Record<string, string> = {
  AQUA: 'Solvent',
  WATER: 'Solvent',
  GLYCERIN: 'Humectant',
  PARFUM: 'Perfuming',
  FRAGRANCE: 'Perfuming',
  'ALCOHOL DENAT.': 'Solvent',
  ALCOHOL: 'Solvent',
  'SODIUM CHLORIDE': 'Viscosity controlling',
  'CITRIC ACID': 'Buffering',
  'LACTIC ACID': 'Buffering',
  'SODIUM HYDROXIDE': 'Buffering',
  'XANTHAN GUM': 'Viscosity controlling',
  'CETEARYL ALCOHOL': 'Emulsion stabilising',
  'CETYL ALCOHOL': 'Emulsion stabilising',
  'STEARIC ACID': 'Surfactant - emulsifying',
  'PROPYLENE GLYCOL': 'Humectant',
  'BUTYLENE GLYCOL': 'Humectant',
  'TOCOPHEROL': 'Antioxidant',
  'SODIUM LAURETH SULFATE': 'Surfactant - cleansing',
  'SODIUM LAURYL SULFATE': 'Surfactant - cleansing',
  LECITHIN: 'Surfactant - emulsifying',
  E322: 'Emulsifier',
  E422: 'Humectant',
}

/** Functions shown first when an entry has them: what the EU annexes regulate an ingredient for. */
export const LEADING_FUNCTIONS: readonly string[] = ['Preservative', 'UV filter', 'UV absorber', 'Colorant']

/**
 * Functions shown last: minor or product-specific uses that say little about an ingredient's role in
 * most products (water as "Antiplaque" in toothpaste, an acid listed as "Fragrance").
 */
export const TRAILING_FUNCTIONS: readonly string[] = [
  'Fragrance', 'Perfuming', 'Masking', 'Denaturant', 'Oral care', 'Antiplaque', 'Anticaries', 'Antisebum', 'Bulking', 'Tonic',
]

/**
 * Orders an entry's functions: the curated primary function, then the leading ones, then the others in
 * source order, then the trailing ones.
 *
 * @example
 * orderFunctions(['Antiplaque', 'Skin conditioning', 'Solvent'], 'Solvent') // ['Solvent', 'Skin conditioning', 'Antiplaque']
 */
export function orderFunctions(functions: readonly string[], primary: string | undefined): string[] {
  const rank = (f: string) => {
    if (f === primary) return 0
    if (LEADING_FUNCTIONS.includes(f)) return 1
    if (TRAILING_FUNCTIONS.includes(f)) return 3
    return 2
  }
  return [...new Set(functions)].map((f, i) => [f, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([f]) => f)
}

/**
 * @module
 * The files the knowledge base is built from: the data files it reads and the generator's own sources.
 * The content hash over both decides whether the checked-in output is fresh.
 */
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, found from this file's location (scripts/kb/). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Data files the generator reads, relative to the repository root. */
export const DATA_FILES = {
  additives: 'data/openfoodfacts/additives.txt',
  additiveClasses: 'data/openfoodfacts/additives_classes.txt',
  processing: 'data/openfoodfacts/ingredients_processing.txt',
  labels: 'data/openfoodfacts/labels.ingredient-claims.txt',
  ingredients: 'data/openfoodfacts/ingredients.txt',
  foodAllergens: 'data/openfoodfacts/allergens.txt',
  foodAllergens2024: 'data/openfoodfacts/allergens.2024.txt',
  inventory: 'data/cosing/cosing_inventory_2020_inci_cas_function.csv',
  annexII: 'data/cosing/COSING_Annex_II_v2.csv',
  annexIII: 'data/cosing/COSING_Annex_III_v2.csv',
  annexIV: 'data/cosing/COSING_Annex_IV_v2.csv',
  annexV: 'data/cosing/COSING_Annex_V_v2.csv',
  annexVI: 'data/cosing/COSING_Annex_VI_v2.csv',
  beautyAllergens: 'data/openbeautyfacts/allergens.txt',
  abbreviations: 'data/openbeautyfacts/abbreviations.txt',
  foodStatus: 'data/eu-law/food-status.csv',
  unionList: 'data/eu-law/union-list.csv',
  otherFrameworks: 'data/eu-law/other-frameworks.csv',
  potency: 'data/eu-law/sensitiser-potency.csv',
} as const

/** Where the generated module goes, relative to the repository root. */
export const OUTPUT_FILE = 'src/ingredient/knowledge/generated/kb-data.js'

/** The generated module that carries the input hash. */
export const HASH_FILE = 'src/ingredient/knowledge/generated/kb-hash.js'

/**
 * Every input of the build, relative to the root and sorted: the data files, the generator sources in
 * scripts/kb/, and the src/ingredient/knowledge modules the generator imports (types, normalize, compact, allergy-terms, allergen-table).
 *
 * @example
 * inputFiles().includes('data/cosing/COSING_Annex_II_v2.csv') // true
 */
export function inputFiles(): string[] {
  const generator = walk(join(ROOT, 'scripts/kb')).filter((f) => f.endsWith('.ts'))
  return [
    ...Object.values(DATA_FILES),
    ...generator.map((f) => relative(ROOT, f)),
    'src/ingredient/knowledge/types.ts',
    'src/ingredient/knowledge/normalize.ts',
    'src/ingredient/knowledge/compact.ts',
    'src/ingredient/knowledge/allergy-terms.ts',
    'src/ingredient/knowledge/allergen-table.ts',
  ].map((f) => f.split('\\').join('/')).sort()
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)]))
}

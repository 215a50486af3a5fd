/**
 * @module
 * Human names of the allergen families, for warnings and summaries.
 */
import type { AllergenFamily } from '../knowledge/index.ts'

const FAMILY_NAMES: Readonly<Record<AllergenFamily, string>> = {
  gluten: 'gluten',
  crustaceans: 'crustaceans',
  eggs: 'egg',
  fish: 'fish',
  peanuts: 'peanut',
  soybeans: 'soy',
  milk: 'milk',
  nuts: 'tree nuts',
  celery: 'celery',
  mustard: 'mustard',
  sesame: 'sesame',
  sulphites: 'sulphites',
  lupin: 'lupin',
  molluscs: 'molluscs',
  fragrance: 'a fragrance allergen',
}

/**
 * The family's name as used in a sentence.
 *
 * @example
 * describeFamily('nuts') // 'tree nuts'
 */
export function describeFamily(family: AllergenFamily): string {
  return FAMILY_NAMES[family]
}

/**
 * @module
 * Open Food Facts' own test cases, carried over as data by scripts/off/port-tests.ts (data/off-tests/cases.json;
 * source, licence and attribution in data/SOURCES.md): label texts with OFF's answers.
 */
import ported from '../../../../data/off-tests/cases.json'
import upstream from '../../../../data/off-tests/upstream-cases.json'
import type { FoodFamily } from '../types.ts'

export interface OffCase {
  /** `<OFF test file or expected-results folder>#<position>`: where the case comes from. */
  id: string
  /** OFF's file the case and its answers come from. */
  source: string
  /** OFF's language code of the label. */
  language: string
  text: string
  /** OFF's top-level ingredients, as OFF prints them. */
  topLevel?: string[]
  /** OFF's allergen tags, as the EU's fourteen families. */
  allergens?: FoodFamily[]
  /** OFF's trace tags, as the EU's fourteen families. */
  traces?: FoodFamily[]
}

// The snapshot's cases, then a few of the upstream repository's newer ones, read through the search index (data/SOURCES.md).
export const OFF_CASES: readonly OffCase[] = [...(ported as OffCase[]), ...(upstream as OffCase[])]

/** The languages /analyze reads, of those OFF's cases are written in; the targets are asserted over these. */
export const READ_LANGUAGES: readonly string[] = ['en', 'fr', 'es', 'de', 'it', 'pt', 'ja', 'ko', 'zh']

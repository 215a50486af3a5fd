/**
 * @module
 * How much of Open Food Facts' label texts the knowledge base leaves unknown: the ingredients (and, apart, the
 * ingredients with their sub-ingredients) whose `source` is `unknown`. Pure.
 */
import type { Ratio } from './score.ts'

/** The part of an /analyze ingredient this count reads. */
export interface SourcedIngredient {
  name: string
  source: string
  matched_as?: { name: string } | undefined
  sub_ingredients?: ReadonlyArray<{ name: string; source: string; matched_as?: { name: string } | undefined }> | undefined
}

/** Unknown ingredients over all, top level only and with sub-ingredients, and the unknown names. */
export interface UnknownShare {
  topLevel: Ratio
  withSubs: Ratio
  names: string[]
  /** Names read as a near known name: `written -> known`. */
  readAs: string[]
}

/**
 * Counts the unknown ingredients of some answers.
 *
 * @example
 * unknownShare([[{ name: 'xyz', source: 'unknown' }]]).topLevel // { hit: 1, total: 1 }
 */
export function unknownShare(answers: ReadonlyArray<readonly SourcedIngredient[]>): UnknownShare {
  const share: UnknownShare = { topLevel: { hit: 0, total: 0 }, withSubs: { hit: 0, total: 0 }, names: [], readAs: [] }
  for (const ingredients of answers) {
    for (const ingredient of ingredients) {
      const unknown = ingredient.source === 'unknown'
      share.topLevel.total++
      if (unknown) share.topLevel.hit++
      for (const item of [ingredient, ...(ingredient.sub_ingredients ?? [])]) {
        share.withSubs.total++
        if (item.matched_as) share.readAs.push(`${item.name} -> ${item.matched_as.name}`)
        if (item.source === 'unknown') {
          share.withSubs.hit++
          share.names.push(item.name)
        }
      }
    }
  }
  return share
}

/**
 * One line of the report: a share as a percentage with its counts.
 *
 * @example
 * shareText({ hit: 1, total: 4 }) // '25.0 % (1/4)'
 */
export function shareText({ hit, total }: Ratio): string {
  return `${total === 0 ? '-' : ((100 * hit) / total).toFixed(1)} % (${hit}/${total})`
}

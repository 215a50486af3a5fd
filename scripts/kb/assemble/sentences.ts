/**
 * @module
 * The sentences the build writes from facts, each with the template that says the same in any language: the worker
 * answers in English with the sentence as built, and in another language with the template of
 * src/ingredient/wording/languages/<language>/templates.json (section `knowledge`) and these slots. Free English
 * text of the sources (CosIng's conditions, the chemical names) is not a slot: only numbers, codes and references.
 */
import type { AllergenFamily } from '../../../src/ingredient/knowledge/types.ts'

/** The `knowledge` templates the build uses. */
export type KnowledgeTemplate =
  | 'allergen14' | 'cmr' | 'cmrUnderConditions' | 'cosmeticBanned' | 'cosmeticBannedUnlessAllowed' | 'fragranceLabel' | 'alsoLimited'
  | 'cosmeticRestricted' | 'cosmeticRestrictedMax' | 'sccsStrongEvidence' | 'sccsFragranceAllergen' | 'preservativeAllowed'
  | 'preservativeAllowedMax' | 'uvFilterAllowed' | 'uvFilterAllowedMax' | 'colorantAllowed' | 'efsaHigh' | 'efsaModerate'

/** Slot values: `law` is a legal reference in English (the worker renders it), `source` an allergen family. */
export interface KnowledgeSlots {
  law?: string
  source?: AllergenFamily
  classes?: string
  max?: string
  grade?: string
}

const written = new Map<string, [KnowledgeTemplate, KnowledgeSlots]>()

/**
 * Records what an English sentence says as a template and slots, and gives the sentence back.
 *
 * @example
 * concerns.push(templated('Listed by the SCCS as a fragrance contact allergen (SCCS/1459/11).', 'sccsFragranceAllergen'))
 */
export function templated(english: string, template: KnowledgeTemplate, slots: KnowledgeSlots = {}): string {
  written.set(english, [template, slots])
  return english
}

/** Every sentence recorded, sorted, for the generated table. */
export function templatedSentences(): Record<string, [KnowledgeTemplate, KnowledgeSlots]> {
  return Object.fromEntries([...written].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

const CLP_CLASSES: readonly (readonly [RegExp, string])[] = [[/Carcinogenic/g, 'Carc.'], [/Mutagenic/g, 'Muta.'], [/Reprotoxic|Toxic to reproduction/gi, 'Repr.']]

/**
 * CosIng's CMR column as the CLP Regulation's hazard class codes, which read the same in every EU language; undefined
 * when a part is not a known class.
 *
 * @example
 * clpClasses('Carcinogenic Cat. 1B,Mutagenic Cat. 2') // 'Carc. 1B, Muta. 2'
 */
export function clpClasses(cmr: string): string | undefined {
  const parts = cmr.split(',').map((part) => {
    // A concentration threshold ("Carcinogenic Cat. 1B(C=>0.01%") is left to the English sentence.
    let code = part.replace(/\(.*$/, '').replace(/\bCat\.?\s*/g, '').trim()
    for (const [pattern, short] of CLP_CLASSES) code = code.replace(pattern, short)
    return code.replace(/\s+/g, ' ')
  })
  return parts.every((p) => /^(Carc|Muta|Repr)\. [12][AB]?$/.test(p)) ? parts.join(', ') : undefined
}

/** A maximum concentration the templates can say as it is ("0.5%"); none when CosIng wrote conditions around it. */
export function plainMaximum(max: string | undefined, productType: string | undefined): string | undefined {
  return max !== undefined && productType === undefined && /^\d+(?:[.,]\d+)?\s?%$/.test(max.trim()) ? max.trim() : undefined
}

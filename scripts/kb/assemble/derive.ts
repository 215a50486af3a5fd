/**
 * @module
 * The rubric that turns source facts (annex rows, EFSA overexposure, allergen families) into an entry's
 * hazard level and plain-language concerns. docs/knowledge-base.md states the same rubric in prose.
 */
import type {
  AllergenFamily, AnnexRestriction, HazardLevel, Reference,
} from '../../../src/ingredient/knowledge/types.ts'
import type { AnnexRow } from '../sources/cosing.ts'
import { clpClasses, plainMaximum, templated } from './sentences.ts'

const LEVELS: HazardLevel[] = ['none', 'low', 'moderate', 'high']

/** The higher of two hazard levels. */
export function maxHazard(a: HazardLevel, b: HazardLevel): HazardLevel {
  return LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b
}

/** Facts the rubric reads. */
export interface HazardInput {
  annexRows: AnnexRow[]
  /** Annex III rows that are fragrance-allergen labelling duties. */
  labelledAllergenEntries: Set<string>
  /** SCCS human-evidence grade ("+++"), for substances of the SCCS fragrance-allergen opinion. */
  sccsHumanEvidence?: string
  efsaOverexposure?: 'high' | 'moderate' | 'no'
  foodAllergenFamilies: AllergenFamily[]
}

/** True when an Annex III row is a fragrance-allergen labelling duty (named in the ingredient list above 0.001 % / 0.01 %). */
export function isLabelledFragranceAllergen(row: AnnexRow): boolean {
  // The rows say "Article 19(1)(g)" (one says "Article 6(1)g", the old Directive's numbering): key on the wording instead.
  return row.annex === 'III' && /indicated\b[^.]*\blist of ingredients/i.test(row.conditions ?? '') && /0[.,]001\s*%/.test(row.conditions ?? '')
}

const FAMILY_WORDS: Record<AllergenFamily, string> = {
  gluten: 'cereals containing gluten', crustaceans: 'crustaceans', eggs: 'eggs', fish: 'fish', peanuts: 'peanuts', soybeans: 'soybeans',
  milk: 'milk', nuts: 'tree nuts', celery: 'celery', mustard: 'mustard', sesame: 'sesame', sulphites: 'sulphites', lupin: 'lupin',
  molluscs: 'molluscs', fragrance: 'fragrance',
}

/**
 * Applies the hazard rubric: Annex II alone -> high; Annex II with an allowed use elsewhere, or a group
 * entry with an exception ("... except for normal content in natural essences") -> moderate;
 * Annex III -> low (moderate when the row is flagged CMR); fragrance allergens -> low (moderate with strong
 * SCCS human evidence); Annex V/VI -> low; Annex IV -> none (low with product-type conditions);
 * EFSA overexposure high -> moderate, moderate -> low; anything else -> none.
 *
 * @example
 * deriveHazard({ annexRows: [], labelledAllergenEntries: new Set(), foodAllergenFamilies: [] }) // { hazard: 'none', concerns: [] }
 */
export function deriveHazard(input: HazardInput): { hazard: HazardLevel; concerns: string[] } {
  let hazard: HazardLevel = 'none'
  const concerns: string[] = []
  const byAnnex = (annex: AnnexRow['annex']) => input.annexRows.filter((r) => r.annex === annex)
  const prohibited = byAnnex('II')
  const allowedElsewhere = input.annexRows.some((r) => r.annex !== 'II')
  for (const row of prohibited) {
    const what = truncate(row.chemicalName, 120)
    // Group entries with an exception ("Furocoumarins ... except for normal content in natural essences")
    // do not prohibit the ingredient itself, only what the entry names.
    if (/\bexcept\b|with the exception/i.test(row.chemicalName) && !/artificial nail|entry \d+ in Annex/i.test(row.chemicalName)) {
      hazard = maxHazard(hazard, 'moderate')
      concerns.push(templated(`Annex II of Regulation (EC) No 1223/2009 (entry ${row.entry}) prohibits "${what}"; CosIng lists this ingredient under that entry.`, 'cosmeticBanned', { law: annexLaw('II', row.entry) }))
    } else if (allowedElsewhere) {
      hazard = maxHazard(hazard, 'moderate')
      concerns.push(templated(`Prohibited in EU cosmetics (Regulation (EC) No 1223/2009, Annex II, entry ${row.entry}) except where another annex allows it under conditions.`, 'cosmeticBannedUnlessAllowed', { law: annexLaw('II', row.entry) }))
    } else {
      hazard = maxHazard(hazard, 'high')
      concerns.push(templated(`Prohibited in EU cosmetic products (Regulation (EC) No 1223/2009, Annex II, entry ${row.entry}: "${what}"${row.regulation ? `; ${regulationName(row.regulation)}` : ''}).`, 'cosmeticBanned', { law: annexLaw('II', row.entry, row.regulation) }))
    }
    if (row.cmr) concerns.push(cmrSentence(`Classified as carcinogenic, mutagenic or toxic to reproduction (${row.cmr.replace(/\(\)/g, '').trim()}).`, 'cmr', row.cmr))
  }
  for (const row of byAnnex('III')) {
    if (input.labelledAllergenEntries.has(row.entry)) {
      hazard = maxHazard(hazard, 'low')
      concerns.push(templated(`A fragrance allergen: EU labels must name it above 0.001 % in leave-on and 0.01 % in rinse-off products (Annex III, entry ${row.entry}${row.regulation ? `, ${regulationName(row.regulation)}` : ''}).`, 'fragranceLabel', { law: annexLaw('III', row.entry, row.regulation) }))
      if (row.maxConcentration) concerns.push(templated(`Its use is also limited: ${limitText(row)}.`, 'alsoLimited', { law: annexLaw('III', row.entry) }))
      continue
    }
    hazard = maxHazard(hazard, row.cmr ? 'moderate' : 'low')
    concerns.push(withMaximum(`Restricted in EU cosmetics (Annex III, entry ${row.entry})${row.maxConcentration ? `: ${limitText(row)}` : ''}.`, 'cosmeticRestricted', row))
    if (row.cmr) concerns.push(cmrSentence(`Classified as carcinogenic, mutagenic or toxic to reproduction (${row.cmr.replace(/\(\)/g, '').trim()}), allowed only under the annex conditions.`, 'cmrUnderConditions', row.cmr))
  }
  if (input.sccsHumanEvidence && /\+\+\+/.test(input.sccsHumanEvidence)) {
    hazard = maxHazard(hazard, 'moderate')
    concerns.push(templated(`The SCCS rates the human evidence of contact allergy as strong (${input.sccsHumanEvidence.trim()}).`, 'sccsStrongEvidence', { grade: input.sccsHumanEvidence.trim() }))
  } else if (input.sccsHumanEvidence !== undefined && !byAnnex('III').some((r) => input.labelledAllergenEntries.has(r.entry))) {
    hazard = maxHazard(hazard, 'low')
    concerns.push(templated('Listed by the SCCS as a fragrance contact allergen (SCCS/1459/11).', 'sccsFragranceAllergen'))
  }
  for (const row of byAnnex('V')) {
    hazard = maxHazard(hazard, 'low')
    concerns.push(withMaximum(`Allowed as a preservative in EU cosmetics${row.maxConcentration ? ` up to ${limitText(row)}` : ''} (Annex V, entry ${row.entry}).`, 'preservativeAllowed', row))
  }
  for (const row of byAnnex('VI')) {
    hazard = maxHazard(hazard, 'low')
    concerns.push(withMaximum(`Allowed as a UV filter in EU cosmetics${row.maxConcentration ? ` up to ${limitText(row)}` : ''} (Annex VI, entry ${row.entry}).`, 'uvFilterAllowed', row))
  }
  for (const row of byAnnex('IV')) {
    const limited = row.productType !== undefined || row.maxConcentration !== undefined || row.conditions !== undefined
    if (limited) hazard = maxHazard(hazard, 'low')
    concerns.push(templated(`Allowed as a colorant in EU cosmetics (Annex IV, entry ${row.entry})${limited ? `: ${truncate([row.productType, row.maxConcentration, row.conditions].filter(Boolean).join('; '), 160)}` : ''}.`, 'colorantAllowed', { law: annexLaw('IV', row.entry) }))
  }
  if (input.efsaOverexposure === 'high') {
    hazard = maxHazard(hazard, 'moderate')
    concerns.push(templated('EFSA\'s re-evaluation found that some groups of consumers may exceed the safe intake level (high overexposure risk).', 'efsaHigh'))
  } else if (input.efsaOverexposure === 'moderate') {
    hazard = maxHazard(hazard, 'low')
    concerns.push(templated('EFSA\'s re-evaluation found a moderate risk that some consumers exceed the safe intake level.', 'efsaModerate'))
  }
  for (const family of input.foodAllergenFamilies) {
    if (family === 'fragrance') continue
    concerns.push(templated(`Contains or comes from ${FAMILY_WORDS[family]}, one of the 14 allergens EU food labels must emphasise (Regulation (EU) No 1169/2011, Annex II).`, 'allergen14', { source: family, law: 'Regulation (EU) No 1169/2011, Annex II' }))
  }
  return { hazard, concerns }
}

/**
 * The annex rows as the knowledge base's AnnexRestriction records.
 *
 * @example
 * toRestriction({ annex: 'V', entry: '33', chemicalName: 'x', inciNames: [], maxConcentration: '0.6%' }).maxConcentration // '0.6%'
 */
export function toRestriction(row: AnnexRow): AnnexRestriction {
  return {
    annex: row.annex,
    entry: row.entry,
    ...(row.productType ? { productType: truncate(row.productType, 400) } : {}),
    ...(row.maxConcentration ? { maxConcentration: truncate(row.maxConcentration, 300) } : {}),
    ...(row.conditions ? { conditions: truncate(row.conditions, 500) } : {}),
    ...(row.labelWarning ? { labelWarning: truncate(row.labelWarning, 300) } : {}),
    ...(row.regulation ? { regulation: regulationName(row.regulation) } : {}),
  }
}

/**
 * A reference to the regulation named in an annex row ("(EU) 2023/1545").
 *
 * @example
 * regulationReference('(EU) 2023/1545') // { label: 'Regulation (EU) 2023/1545', url: 'https://eur-lex.europa.eu/eli/reg/2023/1545/oj' }
 */
export function regulationReference(regulation: string): Reference {
  const match = /(\d{4})\/(\d+)/.exec(regulation)
  const label = regulationName(regulation)
  return match ? { label, url: `https://eur-lex.europa.eu/eli/reg/${match[1]}/${Number(match[2])}/oj` } : { label }
}

/** "(EC) 2013/344" -> "Regulation (EC) 2013/344" as CosIng writes it. */
function regulationName(regulation: string): string {
  return `Regulation ${regulation.trim()}`
}

// The cosmetics regulation's annex entry, and the regulation that last amended it, as a reference in English.
function annexLaw(annex: AnnexRow['annex'], entry: string, regulation?: string): string {
  return `Regulation (EC) No 1223/2009, Annex ${annex}/${entry}${regulation ? `, ${regulationName(regulation)}` : ''}`
}

// A limit said in any language when it is a bare number ("0.5%"); with product types, only the English sentence has it.
function withMaximum(english: string, template: 'cosmeticRestricted' | 'preservativeAllowed' | 'uvFilterAllowed', row: AnnexRow): string {
  const max = plainMaximum(row.maxConcentration, row.productType)
  const law = annexLaw(row.annex, row.entry)
  return max === undefined ? templated(english, template, { law }) : templated(english, `${template}Max`, { law, max })
}

// A CMR sentence, templated when every class is one the CLP codes name.
function cmrSentence(english: string, template: 'cmr' | 'cmrUnderConditions', cmr: string): string {
  const classes = clpClasses(cmr)
  return classes === undefined ? english : templated(english, template, { classes })
}

function limitText(row: AnnexRow): string {
  const parts = [row.maxConcentration, row.productType ? `(${row.productType})` : undefined].filter(Boolean).join(' ')
  return truncate(parts, 200)
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`
}

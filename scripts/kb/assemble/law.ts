/**
 * @module
 * An entry's EU legal status for each of its uses (food; cosmetic leave-on; cosmetic rinse-off), from the
 * facts the generator holds: the food-status table of data/eu-law/ (E-numbers off the Union list of
 * Regulation (EC) No 1333/2008, the trans-fat limit of Regulation (EU) 2019/649) and the CosIng annexes
 * (Annex II prohibitions; Annex III, V and VI conditions, "rinse-off products" only among them).
 * Only restricted and not-allowed uses are stored; a use left out is allowed.
 */
import { normalizeENumber } from '../../../src/ingredient/knowledge/normalize.ts'
import type { AnnexRestriction, KnowledgeEntry, ProductUse, UseLaw } from '../../../src/ingredient/knowledge/types.ts'
import type { FoodStatusRow } from '../sources/eu-law.ts'
import { UNION_LIST_REFERENCE, type UnionListIndex, unionListStanding } from './union-list.ts'

const COSMETICS_REGULATION = 'Regulation (EC) No 1223/2009'
const CONDITION_CHARS = 140

/**
 * Whether an entry is plainly prohibited in cosmetics: an Annex II row, and neither another annex that
 * allows it under conditions nor an exception in the prohibition (which the hazard rubric rates
 * `moderate`: petrolatum "except if the full refining history is known", colorants of Annex IV).
 *
 * @example
 * prohibitedInCosmetics({ hazard: 'high', annexes: [{ annex: 'II', entry: '1339' }] }) // true
 */
export function prohibitedInCosmetics(entry: Pick<KnowledgeEntry, 'hazard' | 'annexes'>): boolean {
  if (!entry.annexes.some((a) => a.annex === 'II')) return false
  if (entry.hazard === 'high') return true
  return entry.hazard !== 'moderate' && entry.annexes.every((a) => a.annex === 'II')
}

/**
 * Whether an annex row allows its substance in rinse-off products only: its one product type is
 * "Rinse-off products" ("Only for rinse-off products", "Rinse-off hair products", or a limit written
 * "0,0015 % Rinse-off products"). A row of several lettered product types allows more than that.
 *
 * @example
 * rinseOffOnly({ annex: 'V', entry: '57', maxConcentration: '0,0015 % Rinse-off products' }) // true
 */
export function rinseOffOnly(row: AnnexRestriction): boolean {
  const scope = (row.productType ?? '').trim()
  if (scope !== '') return !/(?:^|[\s(])[a-e]\)/i.test(scope) && /^(?:only for )?rinse[- ]off\b/i.test(scope)
  return /^[\d.,\s]+%\s*rinse[- ]off products?$/i.test((row.maxConcentration ?? '').trim())
}

function annexReference(rows: readonly AnnexRestriction[]): string {
  const cited = rows.map((r) => `Annex ${r.annex}/${r.entry}${r.regulation && !/2009\/1223/.test(r.regulation) ? ` (${r.regulation})` : ''}`)
  return `${COSMETICS_REGULATION}, ${[...new Set(cited)].join(', ')}`
}

function conditionOf(rows: readonly AnnexRestriction[]): string {
  const text = rows.map((r) => [r.productType, r.maxConcentration].filter(Boolean).join(': ') || 'labelling and use conditions').join('; ')
  return text.length <= CONDITION_CHARS ? text : `${text.slice(0, CONDITION_CHARS - 1).replace(/\s+\S*$/, '')}…`
}

function cosmeticLaw(entry: KnowledgeEntry): Partial<Record<ProductUse, UseLaw>> {
  if (prohibitedInCosmetics(entry)) {
    const banned: UseLaw = { status: 'not_allowed', condition: 'Prohibited in cosmetic products', reference: annexReference(entry.annexes.filter((a) => a.annex === 'II')) }
    return { leave_on: banned, rinse_off: banned }
  }
  const limiting = entry.annexes.filter((a) => a.annex === 'III' || a.annex === 'V' || a.annex === 'VI')
  if (limiting.length === 0) return {}
  const leaveOn = limiting.filter((row) => !rinseOffOnly(row))
  const rinseOff: UseLaw = { status: 'restricted', condition: conditionOf(limiting), reference: annexReference(limiting) }
  if (leaveOn.length === 0) {
    return { leave_on: { status: 'not_allowed', condition: 'Allowed in rinse-off products only', reference: annexReference(limiting) }, rinse_off: rinseOff }
  }
  return { leave_on: { status: 'restricted', condition: conditionOf(leaveOn), reference: annexReference(leaveOn) }, rinse_off: rinseOff }
}

/** The food-status rows, keyed for look-up: E-numbers by normalised code, name rows as lower-case words. */
export interface FoodStatusIndex {
  byENumber: Map<string, FoodStatusRow>
  byWords: { words: string; row: FoodStatusRow }[]
  /** The Union list and the classes outside it, for the E-numbers no row names. */
  unionList: UnionListIndex
}

/**
 * Indexes the food-status table.
 *
 * @example
 * foodStatusIndex(readFoodStatus('data/eu-law/food-status.csv'), unionList).byENumber.get('e171')?.status // 'not_allowed'
 */
export function foodStatusIndex(rows: readonly FoodStatusRow[], unionList: UnionListIndex): FoodStatusIndex {
  const byENumber = new Map<string, FoodStatusRow>()
  const byWords: FoodStatusIndex['byWords'] = []
  for (const row of rows) {
    if (row.match.startsWith('name:')) byWords.push({ words: row.match.slice(5).toLowerCase(), row })
    else {
      const code = normalizeENumber(row.match)
      if (code === null) throw new Error(`data/eu-law/food-status.csv: "${row.match}" is no E-number`)
      byENumber.set(code, row)
    }
  }
  return { byENumber, byWords, unionList }
}

function foodLaw(entry: KnowledgeEntry, foodNames: readonly string[], index: FoodStatusIndex): UseLaw | undefined {
  const code = entry.eNumber ? normalizeENumber(entry.eNumber) ?? undefined : undefined
  // A sub-variant (E927a, E150d) is covered by its own row, else by its parent's.
  const row = code === undefined ? undefined : index.byENumber.get(code) ?? index.byENumber.get(code.replace(/^(e\d+)[a-z]*(?:i{1,3}|iv|v|vi{1,3})?$/, '$1'))
  const named = row ?? index.byWords.find(({ words }) => foodNames.some((name) => name.toLowerCase().includes(words)))?.row
  if (named !== undefined) return { status: named.status, condition: named.condition, reference: named.reference }
  // An E-number the explicit rows do not name: off the Union list (and in no class governed elsewhere) is not allowed.
  if (entry.eNumber !== undefined && unionListStanding(entry.eNumber, index.unionList).on === 'none') {
    return { status: 'not_allowed', condition: 'Not on the Union list of food additives', reference: UNION_LIST_REFERENCE }
  }
  return undefined
}

/**
 * The legal status of an entry for each of its uses that is restricted or not allowed.
 *
 * @example
 * entryLaw(e171Entry, ['titanium dioxide'], index).food?.status // 'not_allowed'
 * entryLaw(methylisothiazolinone, [], index).leave_on?.status // 'not_allowed'
 */
export function entryLaw(entry: KnowledgeEntry, foodNames: readonly string[], index: FoodStatusIndex): Partial<Record<ProductUse, UseLaw>> | undefined {
  const law: Partial<Record<ProductUse, UseLaw>> = {}
  if (entry.category !== 'Cosmetics') {
    const food = foodLaw(entry, foodNames, index)
    if (food) law.food = food
  }
  if (entry.category !== 'Food') Object.assign(law, cosmeticLaw(entry))
  return Object.keys(law).length > 0 ? law : undefined
}

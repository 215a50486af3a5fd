// Open Food Facts' ingredient and allergen test cases through the real /analyze in workerd: agreement with OFF's
// answers on the top-level ingredient count, allergen families and trace families, per language. Run alone
// with npm run eval:off; data/off-tests/cases.json says where each case comes from.
import { beforeAll, describe, expect, it } from 'vitest'
import { AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'
import { OFF_CASES, READ_LANGUAGES } from './off/cases.ts'
import { DELIBERATE, isDeliberate } from './off/disagreements.ts'
import { offMisses, offTable, rateOf, scoreOffCase, summariseOff } from './off/score.ts'
import type { OffScore } from './off/score.ts'
import { observe } from './score.ts'
import { shareText, unknownShare, type SourcedIngredient } from './off/unknown-share.ts'
import { FOOD_FAMILIES } from './types.ts'

// The yardstick: at least 300 cases in at least six languages.
const MIN_CASES = 300
const MIN_LANGUAGES = 6
const TARGETS = { topLevel: 0.92, allergenRecall: 0.97, allergenPrecision: 0.97 } as const

const failures: string[] = []

// A deliberate disagreement (off/disagreements.ts) is no answer to score.
function withoutDeliberate(score: OffScore): OffScore {
  const { id } = score.offCase
  const kept = { ...score }
  if (isDeliberate(id, 'topLevel')) delete kept.countOk
  if (isDeliberate(id, 'allergens')) delete kept.allergens
  if (isDeliberate(id, 'traces')) delete kept.traces
  return kept
}

describe('Open Food Facts test cases', () => {
  const scores: OffScore[] = []
  const answers: Array<{ language: string; ingredients: SourcedIngredient[] }> = []

  beforeAll(async () => {
    for (const offCase of OFF_CASES) {
      const { status, json } = await postAnalyze(worker, { product_name: 'OFF case', ingredients: offCase.text, allergies: [...FOOD_FAMILIES] }, { AI: deadAi().binding })
      const parsed = AnalysisResponseSchema.safeParse(json)
      // A label refused as having no ingredient (a bare "may contain" statement) has none, and no warnings.
      // A label that is only a statement ("Traces de lait") is refused as having no ingredient: scored as an empty answer.
      const noIngredient = status === 400 && JSON.stringify(json).includes('no ingredient found')
      if (status !== 200 && !noIngredient) failures.push(`${offCase.id}: status ${status} ${JSON.stringify(json).slice(0, 120)}`)
      const view = parsed.success ? parsed.data : { allergen_warnings: [], ingredients: [] }
      scores.push(scoreOffCase(offCase, view.ingredients.length, observe(view)))
      answers.push({ language: offCase.language, ingredients: view.ingredients })
    }
  })

  it('has enough cases in enough languages, each with an answer', () => {
    expect(OFF_CASES.length).toBeGreaterThanOrEqual(MIN_CASES)
    expect(new Set(OFF_CASES.map((c) => c.language)).size).toBeGreaterThanOrEqual(MIN_LANGUAGES)
    expect(new Set(OFF_CASES.map((c) => c.id)).size).toBe(OFF_CASES.length)
    for (const c of OFF_CASES) expect(c.topLevel ?? c.allergens ?? c.traces, c.id).toBeDefined()
  })

  it('answers every case and reports agreement per language, then every disagreement', () => {
    expect(failures).toEqual([])
    const languages = [...new Set(OFF_CASES.map((c) => c.language))].sort()
    const read = scores.filter((s) => READ_LANGUAGES.includes(s.offCase.language))
    console.log(`Open Food Facts cases, ${scores.length} (top-level n: share of cases with OFF's count; R recall, P precision over (case, family) pairs)\n${offTable([
      ...languages.map((l): [string, OffScore[]] => [l, scores.filter((s) => s.offCase.language === l)]),
      ['read', read],
      ['read*', read.map(withoutDeliberate)],
      ['ALL', scores],
    ])}`)
    console.log(`(read*: the read languages, deliberate disagreements aside)\nDisagreements\n${offMisses(scores)}`)
  })

  it('reports the share of ingredients the knowledge base leaves unknown', () => {
    const read = unknownShare(answers.filter((a) => READ_LANGUAGES.includes(a.language)).map((a) => a.ingredients))
    const all = unknownShare(answers.map((a) => a.ingredients))
    console.log([
      'Ingredients with source "unknown"',
      `read languages: top level ${shareText(read.topLevel)}, with sub-ingredients ${shareText(read.withSubs)}`,
      `all: top level ${shareText(all.topLevel)}, with sub-ingredients ${shareText(all.withSubs)}`,
      `read as a near name: ${all.readAs.join(' | ') || 'none'}`,
      `unknown in the read languages: ${read.names.join(' | ')}`,
    ].join('\n'))
    expect(read.topLevel.total).toBeGreaterThan(0)
  })

  it('lists deliberate disagreements of existing cases only', () => {
    for (const id of Object.keys(DELIBERATE)) expect(OFF_CASES.map((c) => c.id), id).toContain(id)
  })

  it('reaches the targets in the languages /analyze reads, deliberate disagreements aside', () => {
    const read = summariseOff(scores.filter((s) => READ_LANGUAGES.includes(s.offCase.language)).map(withoutDeliberate))
    expect(rateOf(read.topLevel), 'top-level agreement').toBeGreaterThanOrEqual(TARGETS.topLevel)
    expect(rateOf(read.allergenRecall), 'allergen recall').toBeGreaterThanOrEqual(TARGETS.allergenRecall)
    expect(rateOf(read.allergenPrecision), 'allergen precision').toBeGreaterThanOrEqual(TARGETS.allergenPrecision)
  })
})

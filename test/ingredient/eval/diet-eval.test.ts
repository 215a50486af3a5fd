// Vegan, vegetarian and palm oil against Open Food Facts' own computed values (ingredients_analysis_tags of its
// expected test results, ported to data/off-tests/diet-expected.json) for the labels of data/off-tests: agreement per
// verdict, printed for docs/analyze.md ("Vegan, vegetarian, palm oil"), with npm run eval:diet.
import { beforeAll, describe, expect, it } from 'vitest'
import expected from '../../../data/off-tests/diet-expected.json'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'
import { OFF_CASES } from './off/cases.ts'

type Verdict = 'yes' | 'no' | 'maybe' | 'unknown'
type Field = 'vegan' | 'vegetarian' | 'palm_oil'
const FIELDS: readonly Field[] = ['vegan', 'vegetarian', 'palm_oil']
// Measured: the floors stay under the agreement found, so a change that loses agreement fails.
const FLOOR: Readonly<Record<Field, number>> = { vegan: 0.72, vegetarian: 0.7, palm_oil: 0.65 }

interface Expected { id: string; vegan?: Verdict; vegetarian?: Verdict; palm_oil?: Verdict }

describe('diet against Open Food Facts\' computed values', () => {
  const answers = new Map<string, Record<Field, Verdict>>()

  beforeAll(async () => {
    for (const want of expected.cases as Expected[]) {
      const text = OFF_CASES.find((c) => c.id === want.id)?.text
      if (text === undefined) continue
      const { status, json } = await postAnalyze(worker, { ingredients: text, product_type: 'food' }, { AI: deadAi().binding })
      if (status === 200) answers.set(want.id, json.diet as Record<Field, Verdict>)
    }
  })

  it('answers every case and agrees with Open Food Facts at least as often as measured', () => {
    const cases = expected.cases as Expected[]
    expect(cases.length).toBeGreaterThan(0)
    const rows = FIELDS.map((field) => {
      const compared = cases.filter((c) => c[field] !== undefined && answers.has(c.id))
      const agreed = compared.filter((c) => answers.get(c.id)?.[field] === c[field])
      const misses = compared.filter((c) => answers.get(c.id)?.[field] !== c[field]).map((c) => `${c.id}: OFF ${c[field]}, here ${answers.get(c.id)?.[field]}`)
      return { field, compared: compared.length, agreed: agreed.length, rate: compared.length > 0 ? agreed.length / compared.length : 1, misses }
    })
    console.log(`Diet verdicts against Open Food Facts (${answers.size} labels)\n${rows.map((r) => `${r.field}: ${r.agreed}/${r.compared} (${(100 * r.rate).toFixed(0)} %)`).join('\n')}\n${rows.flatMap((r) => r.misses).join('\n')}`)
    for (const row of rows) expect(row.rate, row.field).toBeGreaterThanOrEqual(FLOOR[row.field])
  })
})

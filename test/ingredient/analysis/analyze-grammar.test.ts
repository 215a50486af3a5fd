// /analyze on labels with the list grammar of issue 22, item 3: what the reader is told when an "and" joins two
// ingredients, a compound states what it includes, or a name carries label words and origins in brackets.
import { beforeAll, describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'

type Detail = { name: string; sub_ingredients?: { name: string }[] }

beforeAll(async () => {
  await postAnalyze(worker, { ingredients: 'Water' }, { AI: deadAi().binding })
})

async function analyze(ingredients: string, allergies: string[] = []) {
  const { status, json } = await postAnalyze(worker, { ingredients, allergies }, { AI: deadAi().binding })
  expect(status).toBe(200)
  const details = json.ingredients as Detail[]
  return { names: details.map((d) => d.name), details, warnings: json.allergen_warnings as string[] }
}

describe('/analyze and the list grammar', () => {
  it('lists both sides of an "and" when one of them is unknown', async () => {
    const { names } = await analyze('Fleisch und tierische Nebenerzeugnisse, Getreide, Mineralstoffe')
    expect(names).toEqual(['Fleisch', 'tierische Nebenerzeugnisse', 'Getreide', 'Mineralstoffe'])
  })

  it('warns about an allergen named only in a percentage inclusion, and lists no inclusion as an ingredient', async () => {
    const { names, details, warnings } = await analyze('Teigwaren, Füllung (30 %, davon 20 % Haselnüsse), Salz', ['nuts'])
    expect(names).toEqual(['Teigwaren', 'Füllung', 'Salz'])
    expect(details[1]?.sub_ingredients?.map((s) => s.name)).toEqual(['Haselnüsse'])
    expect(warnings).toEqual(['Füllung contains tree nuts through Haselnüsse, which matches your allergy "nuts".'])
  })

  it('shows names without their label words and origins', async () => {
    const { names } = await analyze("Orange (bio), Citron (issue de l'agriculture biologique), sucre de canne (commerce équitable), Fraise (origine France)")
    expect(names).toEqual(['Orange', 'Citron', 'sucre de canne', 'Fraise'])
  })
})

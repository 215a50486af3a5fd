// The analysis service the /analyze route calls (analyzeLabel): one parse and one resolution per label, one
// look-up per name, one call to the assessor with the names the knowledge base does not know, and the
// refusals the route turns into 400s.
import { describe, expect, it } from 'vitest'
import { analyzeLabel, type Assessor } from '../../../src/ingredient/analysis/analyze.ts'
import type { Knowledge } from '../../../src/ingredient/knowledge/access.ts'
import type { KnowledgeEntry } from '../../../src/ingredient/knowledge/types.ts'
import { testKnowledge } from '../fixtures/analyze-knowledge.ts'

const input = { productName: 'Test product', profile: { allergies: ['milk'] } }

const yuzu: KnowledgeEntry = {
  id: 'model:extrait de yuzu', name: 'Citrus Junos Fruit Extract', category: 'Cosmetics', origin: 'Natural', purposes: ['Skin conditioning'],
  source: 'model', hazard: 'low', concerns: [], annexes: [], allergenFamilies: ['fragrance'], tags: [], alternatives: [], references: [],
}

function recordingAssessor(entries: Record<string, KnowledgeEntry> = {}) {
  const calls: string[][] = []
  const assess: Assessor = async (names) => {
    calls.push(names)
    return new Map(Object.entries(entries).filter(([name]) => names.includes(name)))
  }
  return { calls, assess }
}

function countingKnowledge() {
  const looked: string[] = []
  const knowledge: Knowledge = { ...testKnowledge, lookupName: (name) => (looked.push(name), testKnowledge.lookupName(name)) }
  return { looked, knowledge }
}

describe('analyzeLabel', () => {
  it('refuses a text with no ingredient, and a list longer than 300, without asking the assessor', async () => {
    const { calls, assess } = recordingAssessor()
    expect(await analyzeLabel(', ; ,', input, testKnowledge, assess)).toEqual({ ok: false, reason: 'no_ingredients' })
    const list = Array.from({ length: 301 }, (_, i) => `Unheard${i}`).join(', ')
    expect(await analyzeLabel(list, input, testKnowledge, assess)).toEqual({ ok: false, reason: 'too_many_ingredients', count: 301 })
    expect(calls).toEqual([])
  })

  it('asks the assessor once, about each unknown leaf once, and uses what it knows', async () => {
    const { calls, assess } = recordingAssessor({ 'extrait de yuzu': yuzu })
    const outcome = await analyzeLabel('Water, Extrait de Yuzu, Extrait de Kiwano, chocolat (sucre, Extrait de Yuzu), Extrait de Kiwano', input, testKnowledge, assess)
    expect(calls).toEqual([['extrait de yuzu', 'extrait de kiwano']])
    if (!outcome.ok) throw new Error(outcome.reason)
    expect(outcome.body.ingredients.map((d) => [d.name, d.source])).toEqual([
      ['Water', 'curated'],
      ['Extrait de Yuzu', 'model'],
      ['Extrait de Kiwano', 'unknown'],
      ['chocolat', 'curated'],
      ['Extrait de Kiwano', 'unknown'],
    ])
    expect(outcome.body.ingredients[3]?.sub_ingredients?.map((d) => d.source)).toEqual(['curated', 'model'])
  })

  it('does not call the assessor when every ingredient is known', async () => {
    const { calls, assess } = recordingAssessor()
    const outcome = await analyzeLabel('Water, Milk, chocolat (sucre, lait)', input, testKnowledge, assess)
    expect(outcome.ok).toBe(true)
    expect(calls).toEqual([])
  })

  it('looks each name up once per label', async () => {
    const { looked, knowledge } = countingKnowledge()
    await analyzeLabel('Aqua, Glycerin, Extrait de Yuzu, lait, chocolat (sucre, lait), Methylparaben, émulsifiant : lécithine de soja', input, knowledge, recordingAssessor({ 'extrait de yuzu': yuzu }).assess)
    expect(looked.length).toBeGreaterThan(0)
    expect(looked.filter((name, i) => looked.indexOf(name) !== i)).toEqual([])
  })
})

// Resolutions and product facts remembered per isolate against the embedded knowledge base (resolve/resolve.ts,
// resolve/product-use.ts): a remembered node is the node worked out afresh, and what hangs on a request (its count of
// near-match searches) is never remembered.
import { describe, expect, it } from 'vitest'
import { parseLabel } from '../../../src/ingredient/analysis/analyze.ts'
import { forOneRequest, type Knowledge } from '../../../src/ingredient/knowledge/access.ts'
import { loadEmbeddedKnowledge } from '../../../src/ingredient/knowledge/embedded.ts'
import { forProduct, resolveIngredient } from '../../../src/ingredient/resolve/index.ts'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '../fixtures/analyze-labels.ts'

// The same knowledge base, seen through an object that is not marked fixed: nothing is remembered for it.
const unfixed = (knowledge: Knowledge): Knowledge => ({ ...knowledge })

describe('resolutions remembered against the embedded knowledge base', () => {
  it('resolve a label again to the same nodes, equal to the nodes worked out afresh', async () => {
    const shared = await loadEmbeddedKnowledge()
    for (const label of [FRENCH_MOISTURISER, FRENCH_BISCUIT]) {
      const resolve = (knowledge: Knowledge) => parseLabel(label, knowledge).ingredients.map((parsed) => resolveIngredient(parsed, knowledge))
      const first = resolve(forOneRequest(shared))
      const again = resolve(forOneRequest(shared))
      again.forEach((node, i) => expect(node).toBe(first[i]))
      expect(resolve(forOneRequest(unfixed(shared)))).toEqual(first)
    }
  })

  it('give the facts for a kind of label once, equal to the facts worked out afresh', async () => {
    const shared = await loadEmbeddedKnowledge()
    const knowledge = forOneRequest(shared)
    const nodes = parseLabel(FRENCH_BISCUIT, knowledge).ingredients.map((parsed) => resolveIngredient(parsed, knowledge))
    for (const category of ['Food', 'Cosmetics', 'Both'] as const) {
      const facts = nodes.map((node) => forProduct(node, category, knowledge))
      nodes.forEach((node, i) => expect(forProduct(node, category, knowledge)).toBe(facts[i]))
      expect(nodes.map((node) => forProduct(node, category, unfixed(shared)))).toEqual(facts)
    }
  })

  it('resolve a name read as a near name again on every request, so that each request counts its searches', async () => {
    const shared = await loadEmbeddedKnowledge()
    const resolve = () => {
      const knowledge = forOneRequest(shared)
      return parseLabel('Aqau, Glycerin', knowledge).ingredients.map((parsed) => resolveIngredient(parsed, knowledge))
    }
    const [misread, known] = resolve()
    const [misreadAgain, knownAgain] = resolve()
    expect(misread?.matchedBy).toBe('near')
    expect(misreadAgain).not.toBe(misread)
    expect(misreadAgain).toEqual(misread)
    expect(knownAgain).toBe(known)
  })
})

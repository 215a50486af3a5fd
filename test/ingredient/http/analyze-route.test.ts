// POST /analyze at the HTTP boundary over the small in-test knowledge base: the contract's bodies, the request
// limits and fuzzed bodies. What the model adds is in ../assessment.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnalysisErrorSchema, AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import { analyzeApp, deadAi, postAnalyze } from '../support/analyze.ts'
import { testKnowledge } from '../fixtures/analyze-knowledge.ts'

const app = analyzeApp(testKnowledge)

function expectSeedErrorBody(json: Record<string, unknown>) {
  expect(json).toMatchObject({
    success: false,
    product_name: 'Unknown Product',
    overall_risk: 'unknown',
    average_safety_score: 0,
    summary: '',
    allergen_warnings: [],
    ingredients: [],
    execution_time: 0,
  })
  expect(typeof json.error).toBe('string')
  expect(AnalysisErrorSchema.safeParse(json).success).toBe(true)
}

describe('POST /analyze: contract', () => {
  it('answers the seed shape with defaults', async () => {
    const { status, json } = await postAnalyze(app, { ingredients: 'Water, Glycerin' }, { AI: deadAi().binding })
    expect(status).toBe(200)
    expect(AnalysisResponseSchema.safeParse(json).success).toBe(true)
    expect(json).toMatchObject({ success: true, product_name: 'Unknown Product', overall_risk: 'low', error: null })
    expect(json.ingredients).toHaveLength(2)
    expect(typeof json.execution_time).toBe('number')
  })

  it('flags the allergen match of the seed example', async () => {
    const { json } = await postAnalyze(app, { ingredients: 'Water, Milk', allergies: ['milk'] })
    expect(json.ingredients[1]?.is_allergen_match).toBe(true)
    expect((json.allergen_warnings as string[]).length).toBeGreaterThanOrEqual(1)
  })

  it.each([
    ['an empty body object', {}],
    ['an empty list', { ingredients: '' }],
    ['a blank list', { ingredients: '   ' }],
    ['a list of separators only', { ingredients: ', ; ,' }],
    ['a number', { ingredients: 42 }],
    ['an unknown skin type', { ingredients: 'Water', skin_type: 'greasy' }],
    ['an unknown expertise', { ingredients: 'Water', expertise: 'guru' }],
    ['an unknown use', { ingredients: 'Water', use: 'wash_off' }],
    ['a use that is not a string', { ingredients: 'Water', use: true }],
    ['allergies that are not strings', { ingredients: 'Water', allergies: [1, 2] }],
    ['too long a product name', { ingredients: 'Water', product_name: 'x'.repeat(201) }],
  ])('rejects %s with 400 and the seed error body', async (_label, body) => {
    const { status, json } = await postAnalyze(app, body)
    expect(status).toBe(400)
    expectSeedErrorBody(json)
  })

  it('rejects malformed JSON (400) and a wrong content type (415) with the seed error body', async () => {
    const malformed = await postAnalyze(app, '{"ingredients": ', {})
    expect(malformed.status).toBe(400)
    expectSeedErrorBody(malformed.json)
    const text = await postAnalyze(app, 'Water, Glycerin', {}, { 'content-type': 'text/plain' })
    expect(text.status).toBe(415)
    expectSeedErrorBody(text.json)
  })
})

describe('POST /analyze: limits', () => {
  it('accepts 10,000 characters and rejects 10,001', async () => {
    const ok = await postAnalyze(app, { ingredients: `Water, ${'a'.repeat(9_993)}` }, { AI: deadAi().binding })
    expect(ok.status).toBe(200)
    const tooLong = await postAnalyze(app, { ingredients: 'a'.repeat(10_001) })
    expect(tooLong.status).toBe(400)
    expectSeedErrorBody(tooLong.json)
    expect(tooLong.json.details).toMatchObject({ field: 'ingredients', issue: 'too_big' })
  })

  it('accepts 300 ingredients and rejects 301', async () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `Water${i}`).join(', ')
    const ok = await postAnalyze(app, { ingredients: list(300) }, { AI: deadAi().binding })
    expect(ok.status).toBe(200)
    expect(ok.json.ingredients).toHaveLength(300)
    const tooMany = await postAnalyze(app, { ingredients: list(301) })
    expect(tooMany.status).toBe(400)
    expectSeedErrorBody(tooMany.json)
    expect(tooMany.json.error).toContain('301')
  })

  it('accepts 50 allergies and rejects 51 or one longer than 100 characters', async () => {
    const ok = await postAnalyze(app, { ingredients: 'Water', allergies: Array.from({ length: 50 }, (_, i) => `a${i}`) })
    expect(ok.status).toBe(200)
    const tooMany = await postAnalyze(app, { ingredients: 'Water', allergies: Array.from({ length: 51 }, (_, i) => `a${i}`) })
    expect(tooMany.status).toBe(400)
    expectSeedErrorBody(tooMany.json)
    const tooLong = await postAnalyze(app, { ingredients: 'Water', allergies: ['x'.repeat(101)] })
    expect(tooLong.status).toBe(400)
  })

  it('answers a body over 64 KiB with 413 in the seed error body', async () => {
    const { status, json } = await postAnalyze(app, { ingredients: 'Water', padding: 'x'.repeat(70_000) })
    expect(status).toBe(413)
    expectSeedErrorBody(json)
  })
})

describe('POST /analyze: fuzzing', () => {
  const checkResponse = (status: number, json: unknown) => {
    expect([200, 400]).toContain(status)
    const schema = status === 200 ? AnalysisResponseSchema : AnalysisErrorSchema
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new Error(`response does not match its schema: ${JSON.stringify(json).slice(0, 300)}`)
  }

  it('never answers 500 and always matches the response schema for any JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const { status, json } = await postAnalyze(app, JSON.stringify(body), { AI: deadAi().binding })
        checkResponse(status, json)
      }),
      { numRuns: 60 },
    )
  })

  it('never answers 500 for any list of strings, allergies, skin type and expertise', async () => {
    const listText = fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }), { maxLength: 25 }).chain((items) =>
      fc.constantFrom(', ', '、', '; ', ' (', ') ', ' and ', ': ', '\n').map((sep) => items.join(sep)),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            ingredients: fc.oneof(listText, fc.string({ unit: 'binary', maxLength: 200 })),
            allergies: fc.array(fc.string({ unit: 'grapheme', maxLength: 20 }), { maxLength: 5 }),
            skin_type: fc.constantFrom('normal', 'dry', 'oily', 'combination', 'sensitive', 'other'),
            expertise: fc.constantFrom('beginner', 'expert', 'none'),
            product_name: fc.string({ maxLength: 40 }),
          },
          { requiredKeys: ['ingredients'] },
        ),
        async (body) => {
          const { status, json } = await postAnalyze(app, body, { AI: deadAi().binding })
          checkResponse(status, json)
        },
      ),
      { numRuns: 150 },
    )
  })
})

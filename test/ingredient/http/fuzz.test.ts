// Property-based fuzzing of the ingredient endpoints: whatever arrives, the answer is one of the endpoint's
// documented statuses, never a 5xx, and its body is the documented success or failure body.
import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnalysisErrorSchema, AnalysisResponseSchema } from '../../../src/ingredient/analysis/schema.ts'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { ORIGIN, send } from '../support/worker.ts'
import { OcrFailure, OcrResponse } from '../../../src/ingredient/routes/ocr.ts'
import { FUZZ_RUNS, fuzzRequest, oddString, toRequest, type FuzzRequest } from '../../support/fuzz.ts'
import { fakeAi, IMAGES, toBase64 } from '../support/fake-ai.ts'

interface Schema {
  safeParse(value: unknown): { success: boolean }
}

async function sendFuzzed(path: string, request: FuzzRequest, overrides: Partial<IngredientEnv>): Promise<{ status: number; json: unknown; nosniff: string | null }> {
  const response = await send(toRequest(`${ORIGIN}${path}`, request), { ...env, ...overrides })
  return { status: response.status, json: await response.json(), nosniff: response.headers.get('x-content-type-options') }
}

function expectDocumented(result: { status: number; json: unknown; nosniff: string | null }, statuses: number[], success: Schema, failure: Schema): void {
  expect(statuses).toContain(result.status)
  expect(result.nosniff).toBe('nosniff')
  const schema = result.status === 200 ? success : failure
  if (!schema.safeParse(result.json).success) throw new Error(`${result.status} body out of shape: ${JSON.stringify(result.json).slice(0, 300)}`)
}

// A model that never answers: unknown ingredients fall back to the honest "unknown" entry.
const noModel = (): Ai => fakeAi([new Error('no model in this test')], new Error('no catalog')).binding

const analyzeBody = fc.record(
  {
    ingredients: fc.oneof(
      fc.constantFrom('Water, Glycerin', 'Aqua, Parfum, Linalool, Prunus Amygdalus Dulcis Oil', 'farine de blé 45%, sucre, émulsifiant : lécithine de soja, E500'),
      fc.array(oddString, { maxLength: 20 }).map((items) => items.join(', ')),
    ),
    allergies: fc.array(fc.oneof(fc.constantFrom('nuts', 'milk', 'ｍｉｌｋ', 'gluten'), oddString), { maxLength: 8 }),
    skin_type: fc.constantFrom('normal', 'dry', 'oily', 'combination', 'sensitive'),
    expertise: fc.constantFrom('beginner', 'expert'),
    product_name: oddString,
  },
  { requiredKeys: ['ingredients'] },
)

const ocrBody = fc.oneof(
  fc.constantFrom(...Object.values(IMAGES)).map((bytes) => ({ image: toBase64(bytes) })),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ image: toBase64(bytes) })),
  fc.constantFrom(...Object.values(IMAGES)).map((bytes) => ({ image: `data:image/png;base64,${toBase64(bytes)}` })),
)

// The vision model reads the same label every time, so valid images reach a 200.
const reading = {
  response: { found: true, header: 'Ingredients:', language: 'en', original_text: 'Ingredients: Water, Glycerin.', english_text: 'Water, Glycerin' },
}

describe('fuzzing the ingredient endpoints', () => {
  it('POST /analyze: 200, 400, 413 or 415, never 5xx, always the AnalysisResponse or its error body', async () => {
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(fuzzRequest(analyzeBody), async (request) => {
        const result = await sendFuzzed('/analyze', request, { AI: noModel() })
        expectDocumented(result, [200, 400, 413, 415], AnalysisResponseSchema, AnalysisErrorSchema)
        seen.add(result.status)
      }),
      { numRuns: FUZZ_RUNS },
    )
    expect([...seen]).toEqual(expect.arrayContaining([200, 400]))
  })

  it('POST /ocr: 200, 400, 413, 415, 503 or 504, never 500, always the OcrResponse or its failure body', async () => {
    const seen = new Set<number>()
    await fc.assert(
      fc.asyncProperty(fuzzRequest(ocrBody), async (request) => {
        const result = await sendFuzzed('/ocr', request, { AI: fakeAi([reading]).binding })
        expectDocumented(result, [200, 400, 413, 415, 503, 504], OcrResponse, OcrFailure)
        seen.add(result.status)
      }),
      { numRuns: FUZZ_RUNS },
    )
    expect([...seen]).toEqual(expect.arrayContaining([200, 400]))
  })
})

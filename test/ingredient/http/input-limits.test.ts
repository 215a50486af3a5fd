// Input limits and Unicode hygiene of the ingredient worker: JSON depth and string length on /analyze and /ocr,
// bounded allergies, well-formed NFC text, and full-width allergies that still match.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import worker from '../../../src/ingredient/index.ts'
import { analyzeApp, deadAi, postAnalyze } from '../support/analyze.ts'
import { testKnowledge } from '../fixtures/analyze-knowledge.ts'
import { PNG_1X1, remoteOnlyAi, toBase64 } from '../support/fake-ai.ts'

const app = analyzeApp(testKnowledge)
const nest = (depth: number): unknown => (depth === 0 ? 1 : [nest(depth - 1)])

describe('JSON limits (ingredient)', () => {
  it('answers /analyze nested 17 deep with 400 too_deep, in the seed error body', async () => {
    const { status, json } = await postAnalyze(app, { ingredients: 'Water', extra: nest(16) }, { AI: deadAi().binding })
    expect(status).toBe(400)
    expect(json).toMatchObject({ success: false, overall_risk: 'unknown', ingredients: [], details: { issue: 'too_deep' } })
  })

  it('answers /ocr with an over-long string beside the image with 400 too_big, in the OCR failure body', async () => {
    const response = await worker.fetch(
      new Request('https://ingredient.test/ocr', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image: toBase64(PNG_1X1), [`k${'e'.repeat(20_000)}`]: 1 }),
      }),
      { ...env, AI: remoteOnlyAi() },
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ success: false, text: '', details: { issue: 'too_big' } })
  })
})

describe('Unicode at the /analyze boundary', () => {
  it('turns unpaired surrogates into U+FFFD and echoes NFC', async () => {
    const { status, json } = await postAnalyze(app, { ingredients: 'Water, Gly\ud800cerin', product_name: 'Cre\u0300me' }, { AI: deadAi().binding })
    expect(status).toBe(200)
    expect(json.product_name).toBe('Crème')
    expect(json.ingredients.map((i) => i.name)).toEqual(['Water', 'Gly\ufffdcerin'])
  })

  it('matches a full-width or decomposed allergy like its plain spelling', async () => {
    for (const allergy of ['ｍｉｌｋ', 'MILK', 'milk']) {
      const { json } = await postAnalyze(app, { ingredients: 'Water, Milk', allergies: [allergy] }, { AI: deadAi().binding })
      expect(json.ingredients.find((i) => i.name === 'Milk')?.is_allergen_match).toBe(true)
    }
  })

  it('bounds the allergies list and each allergy', async () => {
    const tooMany = await postAnalyze(app, { ingredients: 'Water', allergies: Array.from({ length: 51 }, (_, i) => `a${i}`) })
    expect(tooMany.status).toBe(400)
    const tooLong = await postAnalyze(app, { ingredients: 'Water', allergies: ['x'.repeat(101)] })
    expect(tooLong.status).toBe(400)
  })
})

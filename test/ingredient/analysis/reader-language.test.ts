// The answer in the reader's language through the real /analyze in workerd: the same label asked in each of the nine
// languages gets the same verdicts and every sentence in that language; without the field, Accept-Language decides.
import { describe, expect, it } from 'vitest'
import { FRENCH_BISCUIT, FRENCH_MOISTURISER } from '@edge-workers/tools/fixtures/labels'
import worker from '../../../src/ingredient/index.ts'
import { LANGUAGES, type Language } from '../../../src/ingredient/profile.ts'
import { deadAi, postAnalyze } from '../support/analyze.ts'
import { englishWords } from '../support/english-words.ts'
import { call } from '../support/worker.ts'

type Detail = Record<string, unknown> & { name: string; purpose: string; concerns: string; alternatives: string[] }

async function ask(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await postAnalyze(worker, body, { AI: deadAi().binding }, { 'content-type': 'application/json', ...headers })
  return response
}

// What must not change with the language: every verdict, score and match.
function verdicts(json: Record<string, unknown>) {
  const details = json.ingredients as Detail[]
  return {
    overall: [json.overall_risk, json.average_safety_score, (json.allergen_warnings as string[]).length, json.product_type, json.use],
    details: details.map((d) => [d.name, d.recommendation, d.safety_score, d.risk_level, d.allergy_risk, d.is_allergen_match, d.origin, d.category, d.canonical_name, d.alternatives.length > 0]),
  }
}

// Every sentence the service wrote, without the names it repeats as the label printed them.
function sentences(json: Record<string, unknown>): string[] {
  const details = json.ingredients as Detail[]
  return [json.summary as string, ...(json.allergen_warnings as string[]), ...details.flatMap((d) => [d.purpose, d.concerns, ...d.alternatives])]
}

// The names a sentence would use if it were English are English too.
const ENGLISH = englishWords(['food', 'ingredient', 'allergy', 'skin'])
// INCI names are written the same in every language; they are names, not sentences.
const NAMES_WRITTEN_IN_LATIN = /\b(?:INCI|CAS) [^;)]*/g
const SCRIPT: Partial<Record<Language, RegExp>> = { ja: /[\u3040-\u30ff]/, zh: /[\u4e00-\u9fff]/, ko: /[\uac00-\ud7af]/ }

const LISTS = [
  { product_name: 'Biscuits', ingredients: FRENCH_BISCUIT, allergies: ['gluten', 'nuts'] },
  { product_name: 'Crème visage', ingredients: FRENCH_MOISTURISER, allergies: ['nuts'], skin_type: 'sensitive' },
]

describe('POST /analyze in the reader\'s language', () => {
  for (const list of LISTS) {
    for (const expertise of [undefined, 'beginner', 'expert'] as const) {
      it(`${list.product_name}, ${expertise ?? 'default'}: the same verdicts in nine languages, every sentence in the language asked`, async () => {
        const body = { ...list, ...(expertise ? { expertise } : {}) }
        const english = await ask(body)
        expect(english.status).toBe(200)
        expect(english.json.language).toBe('en')
        for (const language of LANGUAGES) {
          const { status, json } = await ask({ ...body, language })
          expect(status, language).toBe(200)
          expect(json.language).toBe(language)
          expect(verdicts(json), language).toEqual(verdicts(english.json))
          if (language === 'en') {
            expect(json.summary).toBe(english.json.summary)
            continue
          }
          for (const sentence of sentences(json)) {
            expect(sentence.replace(NAMES_WRITTEN_IN_LATIN, ''), `${language}: ${sentence}`).not.toMatch(ENGLISH)
          }
          const script = SCRIPT[language]
          if (script) expect(json.summary, language).toMatch(script)
          expect(json.summary).not.toBe(english.json.summary)
        }
      })
    }
  }

  it('answers in the best language of Accept-Language without the field, and says which', async () => {
    const response = await call('/analyze', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'de-DE,de;q=0.9' },
      body: JSON.stringify({ ingredients: 'Wasser, Zucker, Magermilchpulver', allergies: ['milk'] }),
    }, { AI: deadAi().binding })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-language')).toBe('de')
    const json = (await response.json()) as Record<string, unknown>
    expect(json.language).toBe('de')
    expect(json.summary).not.toMatch(ENGLISH)
  })

  it('prefers the field to the header, takes the first supported language of the header, and falls back to English', async () => {
    expect((await ask({ ingredients: 'sugar', language: 'ja' }, { 'accept-language': 'fr' })).json.language).toBe('ja')
    expect((await ask({ ingredients: 'sugar' }, { 'accept-language': 'nl-NL, zh-TW;q=0.8, en;q=0.5' })).json.language).toBe('zh')
    expect((await ask({ ingredients: 'sugar' }, { 'accept-language': 'nl, sv' })).json.language).toBe('en')
    expect((await ask({ ingredients: 'sugar' })).json.language).toBe('en')
  })

  it('refuses a language outside the nine with 400 and the list', async () => {
    const { status, json } = await ask({ ingredients: 'sugar', language: 'nl' })
    expect(status).toBe(400)
    expect(String(json.error)).toContain('en, fr, de, es, it, pt, ja, zh, ko')
  })
})

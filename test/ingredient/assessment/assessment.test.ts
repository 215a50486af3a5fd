// Model assessment of the ingredients the knowledge base does not know (src/ingredient/assessment): through
// /analyze over the small in-test knowledge base with a fake Workers AI binding, and assessUnknowns itself.
import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { assessUnknowns, FAILURE_MEMORY_MS } from '../../../src/ingredient/assessment/index.ts'
import { cacheKey } from '../../../src/ingredient/assessment/cache.ts'
import { analyzeApp, deadAi, answeringAi, postAnalyze } from '../support/analyze.ts'
import { fakeAi, hangsUntilAborted } from '../support/fake-ai.ts'
import { testKnowledge } from '../fixtures/analyze-knowledge.ts'
import recorded from '../fixtures/analyze-model-answer.json'

const app = analyzeApp(testKnowledge)
const MODEL = '@cf/test/model'

afterEach(() => {
  vi.useRealTimers()
})

describe('POST /analyze: unknown ingredients and the model', () => {
  it('assesses all unknowns in one model call with a recorded answer, temperature 0 and a JSON schema', async () => {
    // Another test file may have cached these answers in AI_CACHE: this test needs the model call.
    for (const name of ['extrait de yuzu', 'hydroxyethyl urea']) await env.AI_CACHE.delete(await cacheKey(env.TEXT_MODEL, name))
    const ai = answeringAi(recorded)
    const { status, json } = await postAnalyze(app, { ingredients: 'Aqua, Extrait de Yuzu, Hydroxyethyl Urea', skin_type: 'sensitive' }, { AI: ai.binding })
    expect(status).toBe(200)
    expect(ai.calls).toHaveLength(1)
    expect(ai.calls[0]?.model).toBe('@cf/meta/llama-3.3-70b-instruct-fp8-fast')
    expect(ai.calls[0]?.inputs).toMatchObject({ temperature: 0, response_format: { type: 'json_schema' } })
    expect(JSON.stringify(ai.calls[0]?.inputs.messages)).toContain('extrait de yuzu')
    expect(JSON.stringify(ai.calls[0]?.inputs.messages)).toContain('hydroxyethyl urea')

    const [, yuzu, urea] = json.ingredients
    expect(yuzu).toMatchObject({ source: 'model', canonical_name: 'Citrus Junos Fruit Extract', allergy_risk: 'high', recommendation: 'CAUTION' })
    expect(yuzu?.concerns).toContain('Assessed by a language model')
    expect(yuzu?.concerns).toContain('sensitive skin')
    // An unverified "none" is read as "low": a model answer never scores above 8.
    expect(urea).toMatchObject({ source: 'model', safety_score: 8, recommendation: 'SAFE' })
  })

  it('serves the second request from the KV cache without calling the model', async () => {
    for (const name of ['extrait de yuzu', 'hydroxyethyl urea']) await env.AI_CACHE.delete(await cacheKey(env.TEXT_MODEL, name))
    const first = answeringAi(recorded)
    await postAnalyze(app, { ingredients: 'Extrait de Yuzu, Hydroxyethyl Urea' }, { AI: first.binding })
    expect(first.calls).toHaveLength(1)
    const second = answeringAi(() => {
      throw new Error('the model must not be called on a cache hit')
    })
    const { json } = await postAnalyze(app, { ingredients: 'Hydroxyethyl Urea, Extrait de Yuzu' }, { AI: second.binding })
    expect(second.calls).toHaveLength(0)
    expect(json.ingredients.map((d) => d.source)).toEqual(['model', 'model'])
  })

  it.each([
    ['prose instead of JSON', { response: 'Kiwano extract is a fruit extract and is generally safe.' }],
    ['JSON of the wrong shape', { response: { assessments: [{ name: 'extrait de kiwano', hazard: 'catastrophic' }] } }],
    ['an empty answer', { response: null }],
  ])('falls back to "unknown" on %s, still 200', async (_label, answer) => {
    const ai = answeringAi(answer)
    const { status, json } = await postAnalyze(app, { ingredients: 'Aqua, Extrait de Kiwano' }, { AI: ai.binding })
    expect(status).toBe(200)
    expect(ai.calls).toHaveLength(1)
    expect(json.ingredients[1]).toMatchObject({ source: 'unknown', safety_score: 5, risk_level: 'medium', recommendation: 'CAUTION' })
    expect(json.ingredients[1]?.concerns).toContain('Not in the reference data; no assessment available.')
  })

  it('falls back on a binding failure and does not retry a dead binding for a minute', async () => {
    const dead = deadAi()
    const first = await postAnalyze(app, { ingredients: 'Aqua, Extrait de Mangoustan' }, { AI: dead.binding })
    expect(first.status).toBe(200)
    expect(first.json.ingredients[1]).toMatchObject({ source: 'unknown' })
    expect(dead.calls).toHaveLength(1)
    const second = await postAnalyze(app, { ingredients: 'Aqua, Extrait de Mangoustan' }, { AI: dead.binding })
    expect(second.status).toBe(200)
    expect(dead.calls).toHaveLength(1)
  })

  it('ignores answers about names it did not ask and ones the model does not recognise', async () => {
    const ai = answeringAi({
      response: {
        assessments: [
          { ...recorded.response.assessments[1], name: 'something else' },
          { ...recorded.response.assessments[1], name: 'extrait de pitaya', known: false },
        ],
      },
    })
    const { json } = await postAnalyze(app, { ingredients: 'Extrait de Pitaya' }, { AI: ai.binding })
    expect(json.ingredients[0]).toMatchObject({ source: 'unknown' })
  })

  it('times out a model that does not answer and caps the names sent', async () => {
    const hanging = fakeAi([hangsUntilAborted])
    const names = Array.from({ length: 30 }, (_, i) => `unheard-of ingredient ${i}`)
    const result = await assessUnknowns({ AI: hanging.binding, TEXT_MODEL: '@cf/test/model' }, names, { timeoutMs: 50, maxNames: 20 })
    expect(result.size).toBe(0)
    expect(hanging.calls).toHaveLength(1)
    const asked = JSON.stringify(hanging.calls[0]?.inputs.messages)
    expect(asked).toContain('unheard-of ingredient 19')
    expect(asked).not.toContain('unheard-of ingredient 20')
  })
})

describe('the text model\'s failure memory', () => {
  const names = ['extrait de kiwano']
  const frozenClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
  }

  it('skips a failed binding for FAILURE_MEMORY_MS, then asks it again', async () => {
    frozenClock()
    const dead = deadAi()
    await assessUnknowns({ AI: dead.binding, TEXT_MODEL: MODEL }, names)
    expect(dead.calls).toHaveLength(1)
    vi.advanceTimersByTime(FAILURE_MEMORY_MS - 1)
    await assessUnknowns({ AI: dead.binding, TEXT_MODEL: MODEL }, names)
    expect(dead.calls).toHaveLength(1)
    vi.advanceTimersByTime(1)
    await assessUnknowns({ AI: dead.binding, TEXT_MODEL: MODEL }, names)
    expect(dead.calls).toHaveLength(2)
  })

  it('does not hold one binding\'s failure against another', async () => {
    const dead = deadAi()
    await assessUnknowns({ AI: dead.binding, TEXT_MODEL: MODEL }, names)
    const other = deadAi()
    await assessUnknowns({ AI: other.binding, TEXT_MODEL: MODEL }, names)
    expect(other.calls).toHaveLength(1)
  })
})

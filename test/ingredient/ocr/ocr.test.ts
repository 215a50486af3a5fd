// POST /ocr end to end inside workerd: the AI binding is replaced by recorded-shape outputs, while the
// ai SDK, workers-ai-provider and the clean-up run for real.
import { describe, expect, it } from 'vitest'
import { getHealth, postOcr } from '../support/ocr.ts'
import { call } from '../support/worker.ts'
import de from '../fixtures/ocr/de.json'
import en from '../fixtures/ocr/en.json'
import es from '../fixtures/ocr/es.json'
import { fakeAi, hangsUntilAborted, IMAGES, PNG_1X1, remoteOnlyAi, toBase64 } from '../support/fake-ai.ts'
import fr from '../fixtures/ocr/fr.json'
import it_ from '../fixtures/ocr/it.json'
import ja from '../fixtures/ocr/ja.json'
import ko from '../fixtures/ocr/ko.json'
import pt from '../fixtures/ocr/pt.json'
import zh from '../fixtures/ocr/zh.json'

const FIXTURES = { en, fr, es, de, it: it_, pt, ja, ko, zh }

const reading = (overrides: Record<string, unknown> = {}) => ({
  response: {
    found: true,
    header: 'Ingredients:',
    language: 'en',
    original_text: 'Ingredients: Water, Glycerin, Niacinamide.',
    english_text: 'Water, Glycerin, Niacinamide',
    ...overrides,
  },
})

const pngBody = { image: toBase64(PNG_1X1) }

function expectFailureBody(body: Record<string, unknown>) {
  expect(body).toMatchObject({ success: false, text: '', error: expect.any(String) })
  expect(body.request_id).toMatch(/^req_/)
}

describe('POST /ocr: labels in nine languages', () => {
  it.each(Object.entries(FIXTURES))('reads the %s label', async (_language, fixture) => {
    const ai = fakeAi([fixture.run_output])
    const image = IMAGES[fixture.image as keyof typeof IMAGES]
    const response = await postOcr({ image: toBase64(image) }, { AI: ai.binding })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, error: null, ...fixture.expected })
    expect(ai.calls).toHaveLength(1)
  })

  it('sends the image, the schema, temperature 0 and room for a long list through the provider', async () => {
    const ai = fakeAi([en.run_output])
    await postOcr({ image: `data:image/jpeg;base64,${toBase64(IMAGES.jpeg)}` }, { AI: ai.binding, VISION_MODEL: '@cf/test/vision-model' })
    const call = ai.calls[0]
    expect(call?.model).toBe('@cf/test/vision-model')
    expect(call?.inputs).toMatchObject({ temperature: 0, max_tokens: 4096, response_format: { type: 'json_schema' } })
    const schema = (call?.inputs.response_format as { json_schema: { properties: Record<string, unknown> } }).json_schema
    expect(Object.keys(schema.properties).sort()).toEqual(['english_text', 'found', 'header', 'language', 'original_text'])
    const messages = call?.inputs.messages as { role: string; content: unknown }[]
    expect(messages[0]?.role).toBe('system')
    expect(messages[1]?.content).toEqual([
      { type: 'text', text: expect.any(String) },
      { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${toBase64(IMAGES.jpeg)}` } },
    ])
    expect(call?.options?.signal).toBeInstanceOf(AbortSignal)
  })

  it('labels the image with its sniffed type, not the data URL claim', async () => {
    const ai = fakeAi([en.run_output])
    await postOcr({ image: `data:image/jpeg;base64,${toBase64(PNG_1X1)}` }, { AI: ai.binding })
    const messages = ai.calls[0]?.inputs.messages as { content: { image_url?: { url: string } }[] }[]
    expect(messages[1]?.content[1]?.image_url?.url.startsWith('data:image/png;base64,')).toBe(true)
  })
})

describe('POST /ocr: what the model says is not trusted', () => {
  it('answers 200 with success false when the photo has no ingredient list', async () => {
    const ai = fakeAi([reading({ found: false, header: '', original_text: '', english_text: '' })])
    const response = await postOcr(pngBody, { AI: ai.binding })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: false, text: '', error: 'no ingredient list found' })
  })

  it('treats "found" with nothing left after clean-up as no list', async () => {
    const ai = fakeAi([reading({ original_text: 'Ingredients:', english_text: 'Ingredients: . May contain traces of nuts.' })])
    const body = await (await postOcr(pngBody, { AI: ai.binding })).json()
    expect(body).toMatchObject({ success: false, text: '', error: 'no ingredient list found' })
  })

  it('does not report a header the label does not carry', async () => {
    const ai = fakeAi([reading({ header: 'Nutrition Facts', original_text: 'Water, Glycerin', english_text: 'Water, Glycerin' })])
    const body = await (await postOcr(pngBody, { AI: ai.binding })).json()
    expect(body).toMatchObject({ success: true, text: 'Water, Glycerin', header: null })
  })

  it('trusts the script over the claimed language', async () => {
    const ai = fakeAi([reading({ language: 'en', header: '', original_text: '전성분: 정제수, 글리세린', english_text: 'Purified Water, Glycerin' })])
    const body = await (await postOcr(pngBody, { AI: ai.binding })).json()
    expect(body).toMatchObject({ success: true, text: 'Purified Water, Glycerin', language: 'ko', header: '전성분', original_text: '정제수, 글리세린' })
  })

  it('falls back to the original list when the translation is missing', async () => {
    const ai = fakeAi([reading({ language: 'it', original_text: 'Ingredienti: zucchero, latte', english_text: '' })])
    const body = await (await postOcr(pngBody, { AI: ai.binding })).json()
    expect(body).toMatchObject({ success: true, text: 'zucchero, latte', original_text: 'zucchero, latte' })
  })

  it('retries once when the structured answer is not JSON, then succeeds', async () => {
    const ai = fakeAi([{ response: 'Sure! The ingredients are: water, glycerin.' }, reading()])
    const response = await postOcr(pngBody, { AI: ai.binding })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ success: true, text: 'Water, Glycerin, Niacinamide' })
    expect(ai.calls).toHaveLength(2)
  })

  it('answers 503 after two answers that do not match the schema, never 500', async () => {
    const ai = fakeAi([{ response: { found: 'yes', text: 'water' } }, { response: { found: true } }])
    const response = await postOcr(pngBody, { AI: ai.binding })
    expect(response.status).toBe(503)
    const body = await response.json<Record<string, unknown>>()
    expectFailureBody(body)
    expect(body).toMatchObject({ code: 'service_unavailable', details: { reason: 'invalid_model_output' } })
    expect(ai.calls).toHaveLength(2)
  })

  it('answers 503 with Retry-After when the model is over capacity', async () => {
    const ai = fakeAi([Object.assign(new Error('3040: Capacity temporarily exceeded, please try again.'), { code: 3040 })])
    const response = await postOcr(pngBody, { AI: ai.binding })
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('30')
    expect(await response.json()).toMatchObject({ success: false, text: '', details: { reason: 'vision_busy' } })
  })
})

describe('POST /ocr: time-out and a missing model', () => {
  it('answers 504 at OCR_TIMEOUT_MS and aborts the model call', async () => {
    const ai = fakeAi([hangsUntilAborted])
    // The binding never answers: only the time-out can end the request, so the 504 and the aborted signal prove it.
    const response = await postOcr(pngBody, { AI: ai.binding, OCR_TIMEOUT_MS: '150' })
    expect(response.status).toBe(504)
    const body = await response.json<Record<string, unknown>>()
    expectFailureBody(body)
    expect(body).toMatchObject({ code: 'gateway_timeout', details: { reason: 'vision_timeout', timeout_ms: 150 } })
    expect((ai.calls[0]?.options?.signal as AbortSignal).aborted).toBe(true)
  })

  it('answers 504 even when the binding ignores the abort signal', async () => {
    const ai = fakeAi([() => new Promise(() => {})])
    const response = await postOcr(pngBody, { AI: ai.binding, OCR_TIMEOUT_MS: '100' })
    expect(response.status).toBe(504)
  })

  it('answers 503 with how to enable the model when the binding is remote-only, and stops calling it', async () => {
    const ai = fakeAi([new Error('Binding AI needs to be run remotely')], new Error('Binding AI needs to be run remotely'))
    const first = await postOcr(pngBody, { AI: ai.binding })
    expect(first.status).toBe(503)
    const body = await first.json<Record<string, unknown>>()
    expectFailureBody(body)
    expect(body.error).toContain('npx wrangler login')
    // Development answers keep the binding's own words (production answers never do: test/ingredient/http/production.test.ts).
    expect(body).toMatchObject({ code: 'service_unavailable', details: { reason: 'vision_unavailable', cause: 'Binding AI needs to be run remotely' } })
    const second = await postOcr(pngBody, { AI: ai.binding })
    expect(second.status).toBe(503)
    expect(ai.calls).toHaveLength(1)
    const health = await (await getHealth({ AI: ai.binding })).json()
    expect(health).toMatchObject({ status: 'healthy', vision: 'unavailable' })
  })
})

describe('POST /ocr: bad input', () => {
  it.each([
    ['the contract check', { image: 'not base64 at all %%%' }],
    ['an empty image', { image: '' }],
    ['a missing image', {}],
    ['a non-string image', { image: 42 }],
    ['plain text bytes', { image: toBase64(new TextEncoder().encode('INGREDIENTS: water, sugar')) }],
    ['a GIF', { image: toBase64(new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')) }],
    ['a percent-encoded data URL', { image: 'data:image/png,%89PNG' }],
    ['base64 of impossible length', { image: 'iVBORw0KG' }],
  ])('answers 400 with the OcrResponse failure body for %s', async (_name, body) => {
    const ai = fakeAi([reading()])
    const response = await postOcr(body, { AI: ai.binding })
    expect(response.status).toBe(400)
    expectFailureBody(await response.json())
    expect(ai.calls).toHaveLength(0)
  })

  it('answers 4xx with the failure body when the body is not declared as JSON', async () => {
    const ai = fakeAi([reading()])
    const response = await postOcr(JSON.stringify(pngBody), { AI: ai.binding }, { 'content-type': 'text/plain' })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expectFailureBody(await response.json())
    expect(ai.calls).toHaveLength(0)
  })

  it('answers 400 for malformed JSON', async () => {
    const response = await postOcr('{"image": ', { AI: fakeAi([reading()]).binding })
    expect(response.status).toBe(400)
    expectFailureBody(await response.json())
  })

  it('names the format of a non-image upload', async () => {
    const response = await postOcr({ image: toBase64(new TextEncoder().encode('%PDF-1.7\n')) }, { AI: fakeAi([reading()]).binding })
    expect(await response.json()).toMatchObject({ error: expect.stringContaining('PDF') })
  })

  it('answers 413 when the decoded image is over OCR_MAX_IMAGE_BYTES, without calling the model', async () => {
    const big = new Uint8Array(3000)
    big.set(PNG_1X1)
    const ai = fakeAi([reading()])
    const response = await postOcr({ image: toBase64(big) }, { AI: ai.binding, OCR_MAX_IMAGE_BYTES: '2048' })
    expect(response.status).toBe(413)
    const body = await response.json<Record<string, unknown>>()
    expectFailureBody(body)
    expect(body).toMatchObject({ code: 'payload_too_large', details: { max_bytes: 2048, image_bytes: 3000 } })
    expect(ai.calls).toHaveLength(0)
  })

  it('answers 413 for a body over the 10 MiB image envelope before reading it', async () => {
    const image = 'A'.repeat(15 * 1024 * 1024)
    const response = await postOcr({ image }, { AI: fakeAi([reading()]).binding })
    expect(response.status).toBe(413)
    expectFailureBody(await response.json())
  })

  it('accepts line-wrapped and unpadded base64', async () => {
    const wrapped = `data:image/png;base64,${toBase64(PNG_1X1).replace(/=+$/, '').replace(/(.{20})/g, '$1\n')}`
    const response = await postOcr({ image: wrapped }, { AI: fakeAi([reading()]).binding })
    expect(response.status).toBe(200)
  })
})

describe('GET /health: vision', () => {
  it('is available when the binding answers', async () => {
    const ai = fakeAi([reading()])
    const body = await (await getHealth({ AI: ai.binding })).json()
    expect(body).toEqual({ status: 'healthy', vision: 'available', vision_model: '@cf/meta/llama-4-scout-17b-16e-instruct' })
  })

  it('is unavailable, with the reason, under the local (remote-only) binding', async () => {
    const body = await (await getHealth({ AI: remoteOnlyAi() })).json<Record<string, unknown>>()
    expect(body).toMatchObject({ status: 'healthy', vision: 'unavailable', vision_reason: 'Binding AI needs to be run remotely' })
  })

  it('is unknown, not guessed, when the catalog call fails for another reason', async () => {
    const ai = fakeAi([reading()], new Error('network connection lost'))
    const body = await (await getHealth({ AI: ai.binding })).json()
    expect(body).toMatchObject({ status: 'healthy', vision: 'unknown', vision_reason: 'network connection lost' })
  })
})

describe('OpenAPI', () => {
  it('documents POST /ocr with its request, answers and failure codes', async () => {
    const response = await call('/openapi.json')
    const doc = await response.json<{ paths: Record<string, { post?: { responses: Record<string, unknown> } }>; components: { schemas: Record<string, unknown> } }>()
    expect(Object.keys(doc.paths['/ocr']?.post?.responses ?? {}).sort()).toEqual(['200', '400', '401', '413', '415', '429', '503', '504'])
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['OcrRequest', 'OcrResponse', 'OcrFailure']))
  })
})

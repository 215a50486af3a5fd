// POST /ocr takes the photo the way mobile apps send it: base64 JSON (the contract), a multipart `image` part, or
// the raw image as the body. Every form reaches the model with the same image and gets the same answer.
import { describe, expect, it } from 'vitest'
import type { IngredientEnv } from '../../../src/ingredient/env.ts'
import { sendOcr } from '../support/ocr.ts'
import { call } from '../support/worker.ts'
import de from '../fixtures/ocr/de.json'
import { fakeAi, IMAGES, PNG_1X1, toBase64 } from '../support/fake-ai.ts'

type Body = Record<string, unknown>

function multipart(part: Blob | string, name = 'image'): FormData {
  const form = new FormData()
  if (typeof part === 'string') form.append(name, part)
  else form.append(name, part, 'label.png')
  return form
}

function expectFailureBody(json: Body) {
  expect(json).toMatchObject({ success: false, text: '', error: expect.any(String) })
  expect(json.request_id).toMatch(/^req_/)
}

type Send = (overrides: Partial<IngredientEnv>) => Promise<{ status: number; json: Body }>

function sends(bytes: Uint8Array, type: string): [string, Send][] {
  return [
    ['base64 JSON', (o) => sendOcr<Body>(JSON.stringify({ image: toBase64(bytes) }), { 'content-type': 'application/json' }, o)],
    ['a multipart file part', (o) => sendOcr<Body>(multipart(new Blob([bytes], { type })), {}, o)],
    ['a multipart text part of base64', (o) => sendOcr<Body>(multipart(toBase64(bytes)), {}, o)],
    ['the raw body', (o) => sendOcr<Body>(bytes, { 'content-type': type }, o)],
  ]
}

describe('POST /ocr: the ways to send a photo', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('gives the same answer from the same model input for a %s, however it is sent', async (kind) => {
    const results: { form: string; json: Body; inputs: unknown }[] = []
    for (const [form, send] of sends(IMAGES[kind], `image/${kind}`)) {
      const ai = fakeAi([de.run_output])
      const { status, json } = await send({ AI: ai.binding })
      expect(status, form).toBe(200)
      expect(ai.calls, form).toHaveLength(1)
      results.push({ form, json, inputs: ai.calls[0]?.inputs })
    }
    const [first, ...others] = results
    expect(first?.json).toEqual({ success: true, error: null, ...de.expected })
    for (const other of others) {
      expect(other.json, other.form).toEqual(first?.json)
      expect(other.inputs, other.form).toEqual(first?.inputs)
    }
  })

  it('trusts the bytes, not the declared type, of a raw body', async () => {
    const ai = fakeAi([de.run_output])
    const { status } = await sendOcr<Body>(PNG_1X1, { 'content-type': 'image/jpeg' }, { AI: ai.binding })
    expect(status).toBe(200)
    const messages = ai.calls[0]?.inputs.messages as { content: { image_url?: { url: string } }[] }[]
    expect(messages[1]?.content[1]?.image_url?.url.startsWith('data:image/png;base64,')).toBe(true)
  })
})

describe('POST /ocr: what goes wrong with an upload', () => {
  it.each<[string, () => BodyInit, Record<string, string>]>([
    ['a multipart body without an image part', () => multipart(new Blob([PNG_1X1]), 'photo'), {}],
    ['a multipart body that is not one', () => '--x\r\nnot a form', { 'content-type': 'multipart/form-data; boundary=y' }],
    ['an empty raw body', () => new Uint8Array(0), { 'content-type': 'image/png' }],
    ['a raw body that is a GIF', () => new TextEncoder().encode('GIF89a\u0001\u0000'), { 'content-type': 'image/png' }],
  ])('answers 400 with the failure body for %s, without calling the model', async (_name, body, headers) => {
    const ai = fakeAi([de.run_output])
    const { status, json } = await sendOcr<Body>(body(), headers, { AI: ai.binding })
    expect(status).toBe(400)
    expectFailureBody(json)
    expect(ai.calls).toHaveLength(0)
  })

  it('answers 415 with the failure body for an image type the model is not given', async () => {
    const { status, json } = await sendOcr<Body>(new TextEncoder().encode('GIF89a'), { 'content-type': 'image/gif' }, { AI: fakeAi([de.run_output]).binding })
    expect(status).toBe(415)
    expectFailureBody(json)
    expect(json.error).toMatch(/multipart\/form-data/)
  })

  type Build = (bytes: Uint8Array) => readonly [BodyInit, Record<string, string>]
  it.each<[string, Build]>([
    ['base64 JSON', (bytes) => [JSON.stringify({ image: toBase64(bytes) }), { 'content-type': 'application/json' }]],
    ['a multipart part', (bytes) => [multipart(new Blob([bytes])), {}]],
    ['a raw body', (bytes) => [bytes, { 'content-type': 'image/png' }]],
  ])('names the image limit in megabytes when %s is over it', async (_form, build) => {
    const big = new Uint8Array(3 * 1024 * 1024)
    big.set(PNG_1X1)
    const ai = fakeAi([de.run_output])
    const [body, headers] = build(big)
    const { status, json } = await sendOcr<Body>(body, headers, { AI: ai.binding, OCR_MAX_IMAGE_BYTES: String(2 * 1024 * 1024) })
    expect(status).toBe(413)
    expectFailureBody(json)
    // The body limit (the image's base64 envelope) or the image check answers first; both name megabytes.
    expect(json).toMatchObject({ code: 'payload_too_large', details: { max_megabytes: 2 } })
    expect(json.error).toMatch(/^The image is (?:3 MB; the largest accepted is|larger than the largest accepted,) 2 MB\.$/)
    expect(ai.calls).toHaveLength(0)
  })

  it('names the image limit in megabytes, not the body limit in bytes, for a body over the envelope', async () => {
    const { status, json } = await sendOcr<Body>(new Uint8Array(15 * 1024 * 1024), { 'content-type': 'image/png' }, { AI: fakeAi([de.run_output]).binding })
    expect(status).toBe(413)
    expect(json).toMatchObject({ code: 'payload_too_large', error: 'The image is larger than the largest accepted, 10 MB.' })
  })
})

describe('OpenAPI', () => {
  it('documents the three forms of the /ocr body and the 415', async () => {
    const response = await call('/openapi.json')
    type Doc = { paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> }; responses: Record<string, unknown> } }> }
    const post = (await response.json<Doc>()).paths['/ocr']?.post
    expect(Object.keys(post?.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'image/jpeg', 'image/png', 'image/webp', 'multipart/form-data'])
    expect(post?.responses['415']).toBeDefined()
  })
})

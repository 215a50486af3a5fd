// Optional check against the real vision model, skipped unless Cloudflare credentials reach the worker's
// env. Run it with:
//   CLOUDFLARE_INCLUDE_PROCESS_ENV=true CLOUDFLARE_API_TOKEN=... CLOUDFLARE_ACCOUNT_ID=... \
//     npx vitest run --project ingredient test/ingredient/ocr/ocr-live
// (or put the two values in .dev.vars). OCR_LIVE_IMAGE may hold a base64 label photo that must be read.
// Workers AI is reached over its REST API, through a stand-in for the binding, so the worker, the ai SDK
// and workers-ai-provider run exactly as deployed.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { postOcr } from '../support/ocr.ts'
import { PNG_1X1, toBase64 } from '../support/fake-ai.ts'

const vars = env as unknown as Record<string, string | undefined>
const token = vars.CLOUDFLARE_API_TOKEN
const accountId = vars.CLOUDFLARE_ACCOUNT_ID

/** An AI binding that forwards `run` to the Workers AI REST API. */
function restAi(): Ai {
  const base = `https://api.cloudflare.com/client/v4/accounts/${accountId}/ai`
  const call = async (path: string, init: RequestInit) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } })
    const body = await response.json<{ success: boolean; result: unknown; errors?: unknown }>()
    if (!response.ok || !body.success) throw Object.assign(new Error(`Workers AI ${response.status}: ${JSON.stringify(body.errors)}`), { statusCode: response.status })
    return body.result
  }
  const binding = {
    run: (model: string, inputs: unknown, options?: { signal?: AbortSignal }) =>
      call(`/run/${model}`, { method: 'POST', body: JSON.stringify(inputs), signal: options?.signal ?? null }),
    models: () => call('/models/search?per_page=1', { method: 'GET' }),
  }
  return binding as unknown as Ai
}

describe.skipIf(!token || !accountId)('POST /ocr against the real vision model', () => {
  it('answers a blank image with a contract body, not an error', async () => {
    const response = await postOcr({ image: toBase64(PNG_1X1) }, { AI: restAi() })
    const body = await response.json<Record<string, unknown>>()
    expect(response.status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ success: expect.any(Boolean), text: expect.any(String) })
  })

  it.skipIf(!vars.OCR_LIVE_IMAGE)('reads the ingredient list of OCR_LIVE_IMAGE', async () => {
    const response = await postOcr({ image: vars.OCR_LIVE_IMAGE ?? '' }, { AI: restAi() })
    const body = await response.json<Record<string, unknown>>()
    expect(body, JSON.stringify(body)).toMatchObject({ success: true, error: null })
    expect(String(body.text)).toContain(',')
  })
})

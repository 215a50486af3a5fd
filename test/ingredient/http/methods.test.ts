// A known path called with another method is a 405 naming the methods it has; a CORS preflight advertises the
// same methods, not every method there is.
import { exports } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'

const call = (path: string, init: RequestInit = {}) => exports.default.fetch(`https://ingredient.test${path}`, init)

describe('methods', () => {
  // The first request loads the worker and its whole knowledge base.
  beforeAll(() => call('/'), 60_000)

  it('answers GET /analyze with 405 and Allow: POST, in the /analyze error shape', async () => {
    const response = await call('/analyze')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('answers POST /health with 405 and Allow: GET, HEAD', async () => {
    const response = await call('/health', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('advertises the path\'s methods in a preflight', async () => {
    const preflight = (path: string) =>
      call(path, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } })
    const analyze = await preflight('/analyze')
    expect(analyze.status).toBe(204)
    expect(analyze.headers.get('access-control-allow-methods')).toBe('POST')
    expect((await preflight('/health')).headers.get('access-control-allow-methods')).toBe('GET,HEAD')
  })
})

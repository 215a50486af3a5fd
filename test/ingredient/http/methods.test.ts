// A known path called with another method is a 405 naming the methods it has; a CORS preflight advertises the
// same methods, not every method there is.
import { beforeAll, describe, expect, it } from 'vitest'
import { callDeployed } from '../support/worker.ts'

describe('methods', () => {
  // The first request loads the worker and its whole knowledge base.
  beforeAll(() => callDeployed('/'))

  it('answers GET /analyze with 405 and Allow: POST, in the /analyze error shape', async () => {
    const response = await callDeployed('/analyze')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(await response.json()).toMatchObject({ success: false })
  })

  it('answers POST /health with 405 and Allow: GET, HEAD', async () => {
    const response = await callDeployed('/health', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('advertises the path\'s methods in a preflight', async () => {
    const preflight = (path: string) =>
      callDeployed(path, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } })
    const analyze = await preflight('/analyze')
    expect(analyze.status).toBe(204)
    expect(analyze.headers.get('access-control-allow-methods')).toBe('POST')
    expect((await preflight('/health')).headers.get('access-control-allow-methods')).toBe('GET,HEAD')
  })
})

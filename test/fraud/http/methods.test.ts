// A known path called with another method is a 405 naming the methods it has, and never reaches the route: GET
// /decide is no decision error in the metrics. OPTIONS answers what a path allows.
import { describe, expect, it } from 'vitest'
import { call } from '../helpers.ts'

/** The `fraud_decide_responses_total` samples of the default tenant, by status code. */
async function decideResponses(): Promise<Map<string, number>> {
  const text = await (await call('/metrics')).text()
  const counts = new Map<string, number>()
  for (const [, code, value] of text.matchAll(/^fraud_decide_responses_total\{tenant="default",code="(\d+)"\} (\S+)$/gm)) counts.set(code!, Number(value))
  return counts
}

describe('methods', () => {
  it('answers GET /decide with 405 and Allow: POST, in the error envelope', async () => {
    const response = await call('/decide')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' })
  })

  it('does not count a wrong method as a /decide answer', async () => {
    const before = await decideResponses()
    for (const method of ['GET', 'PUT', 'DELETE']) expect((await call('/decide', { method })).status).toBe(405)
    expect(await decideResponses()).toEqual(before)
  })

  it('names every method of a path, HEAD with GET, for paths with parameters too', async () => {
    const health = await call('/health', { method: 'POST' })
    expect(health.status).toBe(405)
    expect(health.headers.get('allow')).toBe('GET, HEAD')
    const shadow = await call('/policy/shadow', { method: 'PUT' })
    expect(shadow.headers.get('allow')).toBe('DELETE, GET, HEAD, POST')
    const review = await call('/reviews/evt_1', { method: 'DELETE' })
    expect(review.status).toBe(405)
    expect(review.headers.get('allow')).toBe('GET, HEAD')
  })

  it('still answers HEAD on a GET route, and 404 on an unknown path', async () => {
    expect((await call('/health', { method: 'HEAD' })).status).toBe(200)
    expect((await call('/no-such-path', { method: 'POST' })).status).toBe(404)
  })

  it('answers OPTIONS with 204 and the path\'s methods', async () => {
    const response = await call('/decide', { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('allow')).toBe('POST')
  })
})

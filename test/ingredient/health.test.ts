import { exports } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'

describe('ingredient health checks', () => {
  it('GET / gives {status, message}', async () => {
    const response = await exports.default.fetch('https://ingredient.test/')
    expect(response.status).toBe(200)
    const body = await response.json<Record<string, unknown>>()
    expect(body).toEqual({ status: 'ok', message: expect.any(String) })
  })

  it('GET /health gives {status}', async () => {
    const response = await exports.default.fetch('https://ingredient.test/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'healthy' })
  })

  it('allows every origin with credentials by echoing the origin', async () => {
    const response = await exports.default.fetch('https://ingredient.test/health', { headers: { Origin: 'https://app.example' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('answers an unknown route with a JSON 404', async () => {
    const response = await exports.default.fetch('https://ingredient.test/missing')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found', request_id: expect.stringMatching(/^req_/) })
  })
})

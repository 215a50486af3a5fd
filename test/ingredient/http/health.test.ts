import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { callDeployed, ORIGIN, send } from '../support/worker.ts'
import { remoteOnlyAi } from '../support/fake-ai.ts'

// The AI binding as local development has it (the runner's own stub logs an uncaught rejection per call).
const local = { ...env, AI: remoteOnlyAi() }

describe('ingredient health checks', () => {
  it('GET / gives {status, message}', async () => {
    const response = await callDeployed('/')
    expect(response.status).toBe(200)
    const body = await response.json<Record<string, unknown>>()
    expect(body).toEqual({ status: 'ok', message: expect.any(String) })
  })

  it('GET /health gives {status}', async () => {
    const response = await send(new Request(`${ORIGIN}/health`), local)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'healthy' })
  })

  it('allows every origin with credentials by echoing the origin', async () => {
    const response = await send(new Request(`${ORIGIN}/health`, { headers: { Origin: 'https://app.example' } }), local)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(response.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('answers a preflight with the path\'s methods and any header', async () => {
    const response = await callDeployed('/analyze', {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, x-app-version' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(response.headers.get('access-control-allow-methods')).toBe('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-app-version')
  })

  it('echoes only the origins CORS_ORIGINS lists when it is set', async () => {
    const restricted = { ...local, CORS_ORIGINS: 'https://app.example, https://admin.example' }
    const fromOrigin = (origin: string) =>
      send(new Request(`${ORIGIN}/health`, { headers: { Origin: origin } }), restricted)
    expect((await fromOrigin('https://admin.example')).headers.get('access-control-allow-origin')).toBe('https://admin.example')
    expect((await fromOrigin('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers an unknown route with a JSON 404', async () => {
    const response = await callDeployed('/missing')
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: 'not_found', request_id: expect.stringMatching(/^req_/) })
  })
})

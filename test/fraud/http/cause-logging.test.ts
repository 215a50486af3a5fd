// describeCause (src/lib/logger.ts), the one way a cause is logged: no bound parameter, D1 value or JSON input
// reaches a log line, at any depth of the cause chain, in the message or in the stack.
import { env } from 'cloudflare:workers'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/d1'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../../src/lib/app.ts'
import { describeCause } from '../../../src/lib/logger.ts'
import type { RequestIdVariables } from '../../../src/lib/request-id.ts'

const SECRET = 'user_5f0c-secret-identifier'

/** What drizzle throws for a failed query: the SQL, then its bound parameters, with the driver's error as cause. */
function drizzleError(cause?: unknown): Error {
  return new Error(`Failed query: select id from decisions where user_id = ? limit ?\nparams: ${SECRET},\nsecond line,10`, { cause })
}

/** The describeCause record nested `depth` levels down its `cause` fields. */
function at(described: Record<string, unknown>, depth: number): Record<string, unknown> {
  let level = described
  for (let i = 0; i < depth; i++) level = level.cause as Record<string, unknown>
  return level
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('describeCause', () => {
  it("cuts drizzle's params tail from the message and the stack, keeping the query and the stack frames", () => {
    const described = describeCause(drizzleError())
    expect(described.name).toBe('Error')
    expect(described.message).toBe('Failed query: select id from decisions where user_id = ? limit ?')
    expect(described.stack).toMatch(/^Error: Failed query: select id from decisions where user_id = \? limit \?\n\s+at /)
    expect(JSON.stringify(described)).not.toContain(SECRET)
    expect(JSON.stringify(described)).not.toContain('second line')
  })

  it('cuts the params at every depth of the cause chain', () => {
    const err = new Error('decision failed', { cause: new Error('batch failed', { cause: new Error('retry failed', { cause: drizzleError(drizzleError()) }) }) })
    const described = describeCause(err)
    expect(at(described, 0).message).toBe('decision failed')
    expect(at(described, 1).message).toBe('batch failed')
    expect(at(described, 2).message).toBe('retry failed')
    expect(at(described, 3).message).toBe('Failed query: select id from decisions where user_id = ? limit ?')
    expect(at(described, 4).message).toBe('Failed query: select id from decisions where user_id = ? limit ?')
    expect(at(described, 4).cause).toBeUndefined()
    expect(JSON.stringify(described)).not.toContain(SECRET)
  })

  it('cuts the params of a real failed drizzle query on D1, whose cause is the D1 error', async () => {
    const failure = await drizzle(env.DB)
      .run(sql`select * from no_such_table where user_id = ${SECRET}`)
      .then(() => undefined, (err: unknown) => err)
    expect(failure).toBeInstanceOf(Error)
    expect(String((failure as Error).message)).toContain(SECRET) // the raw error does carry it
    const described = describeCause(failure)
    expect(described.message).toContain('no_such_table')
    expect(at(described, 1).message).toMatch(/no such table/)
    expect(JSON.stringify(described)).not.toContain(SECRET)
  })

  it("cuts the value D1 quotes when it cannot bind one, in the error and in its cause", async () => {
    const failure = await Promise.resolve()
      .then(() => env.DB.prepare('select ?').bind({ user: SECRET }).run())
      .then(() => undefined, (err: unknown) => err)
    // workerd: D1_TYPE_ERROR: Type 'object' not supported for value '[object Object]' (cause: the same without the prefix).
    const synthetic = new Error(`D1_TYPE_ERROR: Type 'string' not supported for value '${SECRET}'`, {
      cause: new Error(`Type 'string' not supported for value '${SECRET}'`),
    })
    for (const err of [failure, synthetic]) {
      expect(err).toBeInstanceOf(Error)
      const described = describeCause(err)
      expect(described.message).toMatch(/^D1_TYPE_ERROR: Type '\w+' not supported for value \[redacted\]$/)
      expect(at(described, 1).message).toMatch(/^Type '\w+' not supported for value \[redacted\]$/)
      expect(JSON.stringify(described)).not.toContain(SECRET)
    }
  })

  it('cuts the input JSON.parse quotes, whole or in part', () => {
    // V8 quotes a short input whole, a long one around the position it stopped at ("…"..., ..."…", ..."…"...).
    const inputs = ['user_5f0c', '[1, user_5f0c]', `[1, user_5f0c, ${'2,'.repeat(40)}]`, `[${'1,'.repeat(40)} user_5f0c, ${'2,'.repeat(40)}]`, `[${'1,'.repeat(40)} user_5f0c]`]
    for (const input of inputs) {
      let thrown: unknown
      try {
        JSON.parse(input)
      } catch (err) {
        thrown = err
      }
      expect((thrown as Error).message).toMatch(/5f0c.*is not valid JSON/) // the raw error quotes the identifier
      const described = describeCause(new Error('cache read failed', { cause: thrown }))
      expect(at(described, 1).name).toBe('SyntaxError')
      expect(at(described, 1).message).toMatch(/\[input redacted\] is not valid JSON$/)
      expect(at(described, 1).stack).toMatch(/^SyntaxError: .*\[input redacted\] is not valid JSON\n\s+at /)
      expect(JSON.stringify(described)).not.toContain('5f0c')
    }
  })

  it('redacts a thrown non-error too, and ends a cycle of causes', () => {
    expect(describeCause(`Failed query: select 1\nparams: ${SECRET}`)).toEqual({ value: 'Failed query: select 1' })
    expect(describeCause(Object.create(null))).toEqual({ value: '[unprintable]' })
    const cyclic = drizzleError()
    cyclic.cause = cyclic
    const described = describeCause(cyclic)
    expect(at(described, 7).message).toBe('Failed query: select id from decisions where user_id = ? limit ?')
    expect(at(described, 7).cause).toBeUndefined()
    expect(JSON.stringify(described)).not.toContain(SECRET)
  })

  it('leaves an ordinary error as it was: name, message, stack and cause', () => {
    const inner = new TypeError('fetch failed')
    const err = new Error('KV GET failed: 503', { cause: inner })
    expect(describeCause(err)).toEqual({
      name: 'Error',
      message: 'KV GET failed: 503',
      stack: err.stack,
      cause: { name: 'TypeError', message: 'fetch failed', stack: inner.stack, cause: undefined },
    })
  })
})

describe('onError (src/lib/app.ts)', () => {
  it("logs a 500's cause through describeCause: no params in the request_failed line", async () => {
    const lines: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(String(line)))
    vi.spyOn(console, 'log').mockImplementation(() => undefined)
    const app = createApp<{ Variables: RequestIdVariables }>({ renderError: (c, err) => c.json({ error: err.code }, err.status) })
    app.get('/boom', () => {
      throw new Error('history write failed', { cause: drizzleError(new Error('D1_ERROR: UNIQUE constraint failed: decisions.id')) })
    })
    const response = await app.request('/boom')
    expect(response.status).toBe(500)
    const failed = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.event === 'request_failed')
    expect(failed).toBeDefined()
    const cause = failed!.cause as Record<string, unknown>
    expect(at(cause, 0).message).toBe('history write failed')
    expect(at(cause, 1).message).toBe('Failed query: select id from decisions where user_id = ? limit ?')
    expect(at(cause, 2).message).toBe('D1_ERROR: UNIQUE constraint failed: decisions.id')
    expect(lines.join('\n')).not.toContain(SECRET)
  })
})

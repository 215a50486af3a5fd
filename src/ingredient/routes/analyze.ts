/**
 * @module
 * POST /analyze: validate, run the analysis (../analysis, with the model as its assessor of unknown
 * ingredients), time it and shape the answer. The decisions live in ../analysis; this file only wires.
 */
import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { languageDetector } from 'hono/language'
import { ApiError } from '../../lib/api-error.ts'
import { requireApiKey } from '../../lib/auth.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import { analyzeLabel, AnalysisErrorSchema, AnalysisResponseSchema, AnalyzeRequestSchema, LIMITS } from '../analysis/index.ts'
import { loadEmbeddedKnowledge } from '../knowledge/index.ts'
import { assessUnknowns } from '../assessment/index.ts'
import type { IngredientApp } from '../env.ts'
import { LANGUAGES, type Language } from '../profile.ts'

const failure = (description: string) => ({ description, content: { 'application/json': { schema: AnalysisErrorSchema } } })

const route = createRoute({
  method: 'post',
  path: '/analyze',
  operationId: 'analyzeIngredients',
  summary: 'Analyse an ingredient list, personalised by allergies, skin type and expertise',
  description:
    'Parses the list (nine label languages, brackets, percentages, E-numbers), resolves every ingredient against the ' +
    'embedded knowledge base, scores it and personalises the verdict. Ingredients the knowledge base does not know are ' +
    'assessed by a Workers AI text model when one is reachable, otherwise reported as unknown. See docs/analyze.md.',
  security: [{ bearerAuth: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: AnalyzeRequestSchema } } } },
  responses: {
    200: { description: 'The analysis', content: { 'application/json': { schema: AnalysisResponseSchema } } },
    400: failure(`Invalid request: missing or empty ingredients, more than ${LIMITS.ingredientsChars} characters or ${LIMITS.parsedIngredients} ingredients, too many allergies, unknown skin_type, expertise, product_type, use or language`),
    401: failure('Missing or wrong API key (production)'),
    413: failure(`Body larger than ${LIMITS.bodyBytes} bytes`),
    429: failure('Rate limit exceeded (production), with Retry-After'),
    500: failure('internal_error with request_id'),
  },
})

function tooMany(count: number): ApiError {
  const message = `Invalid request: ingredients: the list has ${count} ingredients; at most ${LIMITS.parsedIngredients} are analysed per request.`
  return new ApiError(400, 'validation_error', message, {
    details: { field: 'ingredients', issue: 'too_big', errors: [{ field: 'ingredients', issue: 'too_big', message }] },
  })
}

function noneFound(): ApiError {
  const message = 'Invalid request: ingredients: no ingredient found in the text.'
  return new ApiError(400, 'validation_error', message, {
    details: { field: 'ingredients', issue: 'too_small', errors: [{ field: 'ingredients', issue: 'too_small', message }] },
  })
}

/**
 * The /analyze route, over the embedded knowledge base (loaded on first use) unless an earlier middleware
 * set the `knowledge` variable (unit tests give a small one).
 *
 * @example
 * app.route('/', analyzeRoutes)
 */
export const analyzeRoutes = new OpenAPIHono<IngredientApp>()

analyzeRoutes.use('/analyze', requireApiKey(), rateLimit(), limitBody(LIMITS.bodyBytes))
// Without the body's `language`, the best of Accept-Language ("de-DE,de;q=0.9" is German), else English; nothing remembered in a cookie.
analyzeRoutes.use('/analyze', languageDetector({ order: ['header'], supportedLanguages: [...LANGUAGES], fallbackLanguage: 'en', caches: false }))

analyzeRoutes.openapi(route, async (c) => {
  const started = performance.now()
  const body = c.req.valid('json')
  const profile = {
    allergies: body.allergies,
    ...(body.skin_type ? { skinType: body.skin_type } : {}),
    ...(body.expertise ? { expertise: body.expertise } : {}),
    language: body.language ?? (c.get('language') as Language),
  }
  const knowledge = c.get('knowledge') ?? (await loadEmbeddedKnowledge())
  const waitUntil = waitUntilOf(c)
  const input = {
    ...(body.product_name !== undefined ? { productName: body.product_name } : {}),
    ...(body.product_type !== undefined ? { productType: body.product_type } : {}),
    ...(body.use !== undefined ? { use: body.use } : {}),
    profile,
  }
  const outcome = await analyzeLabel(body.ingredients, input, knowledge, (names) =>
    assessUnknowns(c.env, names, { waitUntil }),
  )
  if (!outcome.ok) throw outcome.reason === 'no_ingredients' ? noneFound() : tooMany(outcome.count)
  // Workers advance the clock only across I/O, so a request without I/O may honestly measure 0.
  const executionTime = Math.round(performance.now() - started) / 1000
  c.header('Content-Language', outcome.body.language ?? 'en')
  return c.json({ ...outcome.body, execution_time: executionTime }, 200)
})

// c.executionCtx throws where there is none (app.request in unit tests); cache writes then finish inline.
function waitUntilOf(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const ctx = c.executionCtx
    return (promise) => ctx.waitUntil(promise)
  } catch {
    return undefined
  }
}

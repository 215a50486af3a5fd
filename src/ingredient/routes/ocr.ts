/**
 * @module
 * POST /ocr: a label photo in, its ingredient list out (in English, with the original alongside).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { ApiError } from '../../lib/api-error'
import { throwValidationError } from '../../lib/app'
import { requireApiKey } from '../../lib/auth'
import { limitBody } from '../../lib/body-limit'
import { DEFAULT_JSON_LIMITS } from '../../lib/json-limits'
import { rateLimit } from '../../lib/rate-limit'
import type { IngredientApp } from '../env'
import { base64Length, extractIngredients, MAX_IMAGE_BYTES_CEILING, NO_INGREDIENT_LIST, ocrSettings } from '../ocr'

// Room for a data: URL prefix, line-wrapped base64 (a line break every 76 characters) and JSON around it.
const envelope = (maxImageBytes: number) => Math.ceil(base64Length(maxImageBytes) * 1.03) + 4096

/** Longest accepted `image` string: the base64 of the 10 MiB ceiling plus its envelope. */
export const MAX_IMAGE_FIELD_CHARS = envelope(MAX_IMAGE_BYTES_CEILING)

const OcrRequest = z
  .object({
    image: z.string().min(1).max(MAX_IMAGE_FIELD_CHARS).openapi({
      description: 'The label photo (JPEG, PNG or WebP, at most 10 MiB decoded), base64-encoded or as a base64 data: URL.',
      example: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ...',
    }),
  })
  .openapi('OcrRequest')

export const OcrResponse = z
  .object({
    success: z.boolean().openapi({ description: 'true when an ingredient list was extracted' }),
    text: z.string().openapi({ description: 'The ingredient list in English, comma-separated; "" on failure', example: 'sugar, cocoa butter, whole milk powder' }),
    error: z.string().nullable().openapi({ description: 'null on success; "no ingredient list found" when the image has none' }),
    language: z.string().nullable().openapi({ description: 'ISO 639-1 code of the label language, when known', example: 'de' }),
    header: z.string().nullable().openapi({ description: 'The ingredient-section header as printed', example: 'Zutaten' }),
    original_text: z.string().openapi({ description: 'The list in the label language, cleaned like text', example: 'Zucker, Kakaobutter, Vollmilchpulver' }),
    may_contain: z.string().nullable().openapi({ description: 'The "may contain" statement, kept out of the list', example: 'May contain traces of nuts' }),
  })
  .openapi('OcrResponse')

export const OcrFailure = z
  .object({
    success: z.literal(false),
    text: z.literal(''),
    error: z.string(),
    code: z.string().openapi({ example: 'service_unavailable' }),
    request_id: z.string().openapi({ example: 'req_8f7d0c2e-5b0a-4d8e-9a51-0f3c2d1e4b6a' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('OcrFailure')

const failure = (description: string) => ({ description, content: { 'application/json': { schema: OcrFailure } } })

const route = createRoute({
  method: 'post',
  path: '/ocr',
  operationId: 'readLabel',
  summary: 'Extract the ingredient list from a label photo',
  description:
    'Finds the ingredient section by its header (nine languages), transcribes it, translates it into English and ' +
    'cleans it in code: header stripped, separators normalised to ", ", "may contain" kept out of the list.',
  security: [{ bearerAuth: [] }],
  request: { body: { required: true, content: { 'application/json': { schema: OcrRequest } } } },
  responses: {
    200: {
      description: 'success true with the list; or success false with "no ingredient list found" when the photo has none',
      content: { 'application/json': { schema: OcrResponse } },
    },
    400: failure('Missing image, invalid base64, or not a JPEG, PNG or WebP'),
    401: failure('Missing or wrong API key (production)'),
    413: failure('Image larger than OCR_MAX_IMAGE_BYTES (10 MiB by default)'),
    429: failure('Rate limit exceeded (production), with Retry-After'),
    503: failure(
      'No vision model reachable (details.reason vision_unavailable; in development the error says how to enable it and details.cause ' +
        'carries the binding error, production answers carry neither), or it failed or answered nonsense twice',
    ),
    504: failure('The vision model did not answer within OCR_TIMEOUT_MS'),
  },
})

// An over-long image is "too large" (413), not "invalid" (400); everything else goes the shared 400 way.
function rejectInvalid(error: ZodError): never {
  if (error.issues.some((issue) => issue.code === 'too_big' && issue.path[0] === 'image')) {
    throw new ApiError(413, 'payload_too_large', 'The image is larger than the largest accepted (10 MiB decoded).', {
      details: { field: 'image', max_chars: MAX_IMAGE_FIELD_CHARS },
    })
  }
  throwValidationError(error)
}

export const ocrRoutes = new OpenAPIHono<IngredientApp>()

// The image is one long string, bounded by the body's size (and its schema); any other string by the default.
ocrRoutes.use('/ocr', requireApiKey(), rateLimit(), (c, next) => {
  const maxBytes = envelope(ocrSettings(c.env).maxImageBytes)
  return limitBody(maxBytes, { ...DEFAULT_JSON_LIMITS, maxStringCharsAt: { image: maxBytes } })(c, next)
})

ocrRoutes.openapi(
  route,
  async (c) => {
    const { image } = c.req.valid('json')
    const label = await extractIngredients(c.env, image)
    return c.json(
      {
        success: label.text !== '',
        text: label.text,
        error: label.text === '' ? NO_INGREDIENT_LIST : null,
        language: label.language,
        header: label.header,
        original_text: label.originalText,
        may_contain: label.mayContain,
      },
      200,
    )
  },
  (result) => {
    if (!result.success) rejectInvalid(result.error)
    return undefined
  },
)

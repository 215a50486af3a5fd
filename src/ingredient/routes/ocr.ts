/**
 * @module
 * POST /ocr: a label photo in, its ingredient list out (in English, with the original alongside). The photo comes
 * the way mobile apps send it: base64 in JSON (the contract), a multipart `image` part, or the raw image as the body.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import type { ZodError } from 'zod'
import { ApiError } from '../../lib/api-error.ts'
import { throwValidationError } from '../../lib/app.ts'
import { requireApiKey } from '../../lib/auth.ts'
import { limitBody } from '../../lib/body-limit.ts'
import { DEFAULT_JSON_LIMITS } from '../../lib/json-limits.ts'
import { rateLimit } from '../../lib/rate-limit.ts'
import type { Context } from 'hono'
import { ingredientConfig, MAX_IMAGE_BYTES_CEILING } from '../config.ts'
import type { IngredientApp } from '../env.ts'
import { base64Length, extractIngredients, imageTooLarge, megabytes, NO_INGREDIENT_LIST } from '../ocr/index.ts'

// Room for a data: URL prefix, line-wrapped base64 (a line break every 76 characters) and JSON around it.
const envelope = (maxImageBytes: number) => Math.ceil(base64Length(maxImageBytes) * 1.03) + 4096

/** Longest accepted `image` string: the base64 of the 10 MiB ceiling plus its envelope. */
export const MAX_IMAGE_FIELD_CHARS = envelope(MAX_IMAGE_BYTES_CEILING)

const OcrRequest = z
  .object({
    image: z.string().min(1).max(MAX_IMAGE_FIELD_CHARS).openapi({
      description: `The label photo (JPEG, PNG or WebP, at most ${megabytes(MAX_IMAGE_BYTES_CEILING)} MB decoded), base64-encoded or as a base64 data: URL.`,
      example: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ...',
    }),
  })
  .openapi('OcrRequest')

// A multipart part is a File; a text part may carry base64 like the JSON field.
const OcrForm = z
  .object({
    image: z.union([z.instanceof(File), z.string().min(1).max(MAX_IMAGE_FIELD_CHARS)]).openapi({
      type: 'string',
      format: 'binary',
      description: `The label photo as a file part (JPEG, PNG or WebP, at most ${megabytes(MAX_IMAGE_BYTES_CEILING)} MB), as \`curl -F image=@label.png\` sends it.`,
    }),
  })
  .openapi('OcrForm')

/** The raw image types accepted as the whole body. */
const RAW_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
const rawImage = { schema: z.string().openapi({ type: 'string', format: 'binary', description: 'The label photo\'s bytes as the body.' }) }

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
  // Not `required`: the JSON validator would then run on every body; the handler insists on an image instead.
  request: {
    body: {
      description: 'The label photo, one of: JSON with base64 `image` (the contract), multipart/form-data with an `image` part, or the raw JPEG, PNG or WebP bytes.',
      content: {
        'application/json': { schema: OcrRequest },
        'multipart/form-data': { schema: OcrForm },
        ...Object.fromEntries(RAW_IMAGE_TYPES.map((type) => [type, rawImage])),
      },
    },
  },
  responses: {
    200: {
      description: 'success true with the list; or success false with "no ingredient list found" when the photo has none',
      content: { 'application/json': { schema: OcrResponse } },
    },
    400: failure('Missing image, invalid base64, malformed multipart body, or not a JPEG, PNG or WebP'),
    401: failure('Missing or wrong API key (production)'),
    413: failure(`Image larger than OCR_MAX_IMAGE_BYTES (${megabytes(MAX_IMAGE_BYTES_CEILING)} MB by default); the error names the limit in MB`),
    415: failure('Content-Type other than application/json, multipart/form-data, image/jpeg, image/png or image/webp'),
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
  if (error.issues.some((issue) => issue.code === 'too_big' && issue.path[0] === 'image')) throw imageTooLarge(MAX_IMAGE_BYTES_CEILING)
  throwValidationError(error)
}

function missingImage(): ApiError {
  return new ApiError(400, 'validation_error', 'Invalid request: image: send the label photo as JSON {"image": "<base64>"}, a multipart "image" part, or the raw image body.', {
    details: { field: 'image', issue: 'invalid_type' },
  })
}

const mediaTypeOf = (header: string | undefined): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? ''

// What the route's validators read: JSON (application/*+json too), forms, and the raw image types.
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded']

// The validators' own 415 says only "Unsupported Media Type"; this one says what to send.
function refuseOtherTypes(c: Context<IngredientApp>): void {
  const mediaType = mediaTypeOf(c.req.header('content-type'))
  if (mediaType === '' || JSON_TYPE.test(mediaType) || FORM_TYPES.includes(mediaType) || (RAW_IMAGE_TYPES as readonly string[]).includes(mediaType)) return
  throw new ApiError(415, 'unsupported_media_type', 'Send the label photo as application/json ({"image": "<base64>"}), multipart/form-data (an "image" part), or an image/jpeg, image/png or image/webp body.', {
    details: { content_type: mediaType.slice(0, 100) },
  })
}

// The image as sent: base64 text (JSON, or a text part) or bytes (a file part, a raw body).
async function sentImage(c: Context<IngredientApp>, json: { image?: unknown }, form: { image?: unknown }): Promise<string | Uint8Array> {
  const mediaType = mediaTypeOf(c.req.header('content-type'))
  if ((RAW_IMAGE_TYPES as readonly string[]).includes(mediaType)) return new Uint8Array(await c.req.arrayBuffer())
  const image = mediaType.startsWith('multipart/') || mediaType === 'application/x-www-form-urlencoded' ? form.image : json.image
  if (typeof image === 'string') return image
  if (image instanceof File) return new Uint8Array(await image.arrayBuffer())
  throw missingImage()
}

export const ocrRoutes = new OpenAPIHono<IngredientApp>()

// The image is one long string, bounded by the body's size (and its schema); any other string by the default.
// Every form of the image fits the base64 envelope (raw bytes and multipart are smaller than their base64).
ocrRoutes.use('/ocr', requireApiKey(), rateLimit(), (c, next) => {
  refuseOtherTypes(c)
  const maxImageBytes = ingredientConfig(c.env).ocrMaxImageBytes
  const maxBytes = envelope(maxImageBytes)
  return limitBody(maxBytes, { ...DEFAULT_JSON_LIMITS, maxStringCharsAt: { image: maxBytes } }, () => imageTooLarge(maxImageBytes))(c, next)
})

ocrRoutes.openapi(
  route,
  async (c) => {
    const label = await extractIngredients(c.env, await sentImage(c, c.req.valid('json'), c.req.valid('form')))
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

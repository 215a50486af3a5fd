/**
 * @module
 * The fraud error body as an OpenAPI schema (seed 001, section 7).
 */
import { z } from '@hono/zod-openapi'

export const ErrorBody = z
  .object({
    error: z.string().openapi({ example: 'validation_error' }),
    message: z.string(),
    request_id: z.string().openapi({ example: 'req_3f2b9c1e-8d7a-4b6c-9e0f-1a2b3c4d5e6f' }),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi('ErrorBody')

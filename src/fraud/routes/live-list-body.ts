/**
 * @module
 * The request parts shared by the live list and snooze routes: the field and value (read as the request reads
 * the field), an expiry in the future, the reason, and the optional reason of a delete.
 */
import { z } from '@hono/zod-openapi'
import { LIVE_LIST_FIELDS } from '../model/live-list.ts'
import { readValue } from '../operator/lists/values.ts'
import { operatorText } from './outcomes.ts'

export const ListField = z.enum(LIVE_LIST_FIELDS).openapi({
  description: 'The request field the value is compared with; `ip_range` is a CIDR range (IPv4 or IPv6) holding the request\'s ip_address',
  example: 'card_token',
})

/** An RFC 3339 time after now. */
export const FutureTime = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) > Date.now(), { message: 'must be in the future' })

export const ListedValueFields = {
  field: ListField,
  value: z.string().min(1).max(256).openapi({
    description: 'As the request would send it (normalised as the request field is); stored as a keyed hash, never in clear. For ip_range: a CIDR, stored as is',
    example: 'tok_visa_4242',
  }),
  reason: operatorText(500).openapi({ description: 'Why: kept in the audit with the author', example: 'chargeback ring, case 4711' }),
}

/** Adds the value's own check: the field's reading of it (an E.164 number for phone_number, a CIDR for ip_range…). */
export function checkValueForField<T extends { field: (typeof LIVE_LIST_FIELDS)[number]; value: string }>(body: T, ctx: z.RefinementCtx): void {
  const read = readValue(body.field, body.value)
  if (!read.ok) ctx.addIssue({ code: 'custom', path: ['value'], message: `${read.message} (field ${body.field})` })
}

/** The optional reason of a delete, in the query (a DELETE has no body). */
export const DeleteQueryReason = operatorText(500)
  .optional()
  .openapi({ param: { name: 'reason', in: 'query' }, description: 'Why it is removed: kept in the audit', example: 'cleared by the issuer' })

export const PageLimit = z.coerce.number().int().min(1).max(200).default(50)

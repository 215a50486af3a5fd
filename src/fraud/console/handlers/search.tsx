/**
 * @module
 * GET /console/search: the search form, and with `field` and `value` the tenant's decisions found by that
 * identifier (the service of GET /decisions), validated as /decide validates it.
 */
import { Hono } from 'hono'
import { z } from 'zod'
import { SEARCHABLE_IDENTIFIERS } from '../../evidence/hashing.ts'
import { DecisionRequest } from '../../model/request.ts'
import { CURSOR, findDecisions } from '../../operator/search/find-decisions.ts'
import type { ConsoleApp } from '../env.ts'
import { SearchPage } from '../pages/search.tsx'
import { viewerOf } from '../viewer.ts'

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v)

const SearchQuery = z.object({
  field: z.preprocess(blankToUndefined, z.enum(SEARCHABLE_IDENTIFIERS).default('transaction_id')),
  value: z.preprocess(blankToUndefined, z.string().max(255).optional()),
  cursor: z.preprocess(blankToUndefined, z.string().regex(CURSOR).optional()),
})

/** Results per console page. */
const PAGE = 20

export const searchRoutes = new Hono<ConsoleApp>()

searchRoutes.get('/search', async (c) => {
  const query = SearchQuery.safeParse(c.req.query())
  const viewer = viewerOf(c)
  if (!query.success) return c.html(<SearchPage viewer={viewer} field="transaction_id" value="" found={null} error="Choose what to search by, and give a value." />, 400)
  const { field, value, cursor } = query.data
  if (value === undefined) return c.html(<SearchPage viewer={viewer} field={field} value="" found={null} />)
  // The identifier's own rule from the /decide schema, so the hash matches what was stored.
  const checked = DecisionRequest.shape[field].safeParse(value)
  if (!checked.success || checked.data === undefined) {
    const message = checked.success ? 'Give a value.' : (checked.error.issues[0]?.message ?? 'not valid')
    return c.html(<SearchPage viewer={viewer} field={field} value={value} found={null} error={`That is not a valid ${field}: ${message}.`} />, 400)
  }
  const found = await findDecisions(c.env, c.get('tenant'), { field, value: checked.data, limit: PAGE, cursor })
  return c.html(<SearchPage viewer={viewer} field={field} value={value} found={found} />)
})

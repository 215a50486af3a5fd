/**
 * @module
 * What the pull reads from the fraud worker's admin API: the outcomes of the range (GET /outcomes; review
 * resolutions are the outcomes with resolved_by) and the policy documents the records name (GET /policy/versions/{version}, GET /policy/staged).
 */
/** The latest time GET /outcomes takes (ISO 8601 has four-digit years): "no end". */
const LATEST = Date.parse('9999-12-31T23:59:59.999Z')

export interface AdminApi {
  url: string
  key?: string
  tenant: string
}

async function getJson(api: AdminApi, path: string, query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, api.url)
  for (const [name, value] of Object.entries({ ...query, ...(api.tenant === 'default' ? {} : { tenant: api.tenant }) })) url.searchParams.set(name, value)
  const response = await fetch(url, { headers: api.key ? { authorization: `Bearer ${api.key}` } : {}, signal: AbortSignal.timeout(60_000) })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/**
 * Every outcome of decisions made in [from, to], page by page, as GET /outcomes answers them.
 *
 * @example
 * for await (const outcome of outcomesOf(api, 0, Date.now())) lines.push(JSON.stringify(outcome))
 */
export async function* outcomesOf(api: AdminApi, from: number, to: number): AsyncGenerator<{ evidence_id: string }> {
  let cursor: string | null = null
  do {
    const query: Record<string, string> = { from: new Date(from).toISOString(), to: new Date(Math.min(to, LATEST)).toISOString(), limit: '1000' }
    if (cursor) query.cursor = cursor
    const { status, body } = await getJson(api, '/outcomes', query)
    if (status !== 200) throw new Error(`GET /outcomes answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
    const page = body as { outcomes: { evidence_id: string }[]; next_cursor: string | null }
    yield* page.outcomes
    cursor = page.next_cursor
  } while (cursor)
}

/** A policy document by version (or `staged`), or null when the worker has none. */
export async function policyDocument(api: AdminApi, version: string): Promise<unknown> {
  const path = version === 'staged' ? '/policy/staged' : `/policy/versions/${encodeURIComponent(version)}`
  const { status, body } = await getJson(api, path, {})
  if (status === 404) return null
  if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body).slice(0, 200)}`)
  // GET /policy/staged wraps the document with its validation; one that would not reload is no candidate.
  if (version === 'staged') {
    const staged = body as { valid: boolean; policy: unknown }
    return staged.valid ? staged.policy : null
  }
  return body
}

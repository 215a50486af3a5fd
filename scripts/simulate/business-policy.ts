// The business accounts of the simulation pay many lines with one card, which only an operator's allow list
// makes legitimate. Before the run this stages the candidate policy (the bundled one by default) with their
// cards on lists.allowed.card_tokens and reloads it on the worker; afterwards it rolls back to the policy
// that was active. Everything goes through the worker at --url (PUT /policy/staged, POST /policy/reload), never
// into local storage, so the run changes that worker and no other.
import { headers, type ClientOptions } from './client.ts'
import { BUSINESS_CARDS } from './patterns.ts'

export interface PolicyDocument {
  version: string
  lists?: { allowed?: { card_tokens?: string[] } }
}

async function send(method: 'POST' | 'PUT', path: string, body: unknown, options: ClientOptions): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, options.baseUrl), { method, headers: headers(options), body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * Stages `policy` with the business cards allowed on the worker and reloads it there; returns the version to
 * roll back to.
 *
 * @example
 * const { previous } = await allowBusinessCards(JSON.parse(await readFile('src/fraud/policy/default-policy.json', 'utf8')), options)
 */
export async function allowBusinessCards(policy: PolicyDocument, options: ClientOptions): Promise<{ previous: string; version: string }> {
  const allowed = policy.lists?.allowed?.card_tokens ?? []
  const version = `${policy.version}-sim-business`.slice(0, 64)
  const staged = {
    ...policy,
    version,
    description: 'The simulation\'s policy: the candidate with the simulated business accounts\' cards on the allow list.',
    lists: { ...policy.lists, allowed: { ...policy.lists?.allowed, card_tokens: [...new Set([...allowed, ...BUSINESS_CARDS])] } },
  }
  await send('PUT', '/policy/staged', staged, options)
  const reload = await send('POST', '/policy/reload', {}, options)
  return { previous: String(reload.previous_version), version: String(reload.new_version) }
}

/** Makes `version` active again (POST /policy/rollback). */
export async function rollBack(version: string, options: ClientOptions): Promise<void> {
  await send('POST', '/policy/rollback', { version }, options)
}

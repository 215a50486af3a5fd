// The business accounts of the simulation pay many lines with one card, which only an operator's allow list
// makes legitimate. Before the run this stages the candidate policy (the bundled one by default) with their
// cards on lists.allowed.card_tokens and reloads it on the worker; afterwards it rolls back to the policy
// that was active. Local development storage only, as `npm run policy:stage` writes it.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { headers, type ClientOptions } from './client.ts'
import { BUSINESS_CARDS } from './patterns.ts'

interface PolicyDocument {
  version: string
  lists?: { allowed?: { card_tokens?: string[] } }
}

async function post(path: string, body: unknown, options: ClientOptions): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, options.baseUrl), { method: 'POST', headers: headers(options), body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) })
  const text = await response.text()
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * Stages and reloads the policy of `file` with the business cards allowed; returns the version to roll back to.
 *
 * @example
 * const { previous } = await allowBusinessCards('src/fraud/policy/default-policy.json', options)
 */
export async function allowBusinessCards(file: string, options: ClientOptions): Promise<{ previous: string; version: string }> {
  const policy = JSON.parse(await readFile(file, 'utf8')) as PolicyDocument
  const allowed = policy.lists?.allowed?.card_tokens ?? []
  const version = `${policy.version}-sim-business`.slice(0, 64)
  const staged = {
    ...policy,
    version,
    description: 'The simulation\'s policy: the candidate with the simulated business accounts\' cards on the allow list.',
    lists: { ...policy.lists, allowed: { ...policy.lists?.allowed, card_tokens: [...new Set([...allowed, ...BUSINESS_CARDS])] } },
  }
  const path = join(await mkdtemp(join(tmpdir(), 'simulate-')), 'policy.json')
  await writeFile(path, JSON.stringify(staged, null, 2))
  const run = spawnSync(process.execPath, ['scripts/policy-stage.ts', path], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`npm run policy:stage failed: ${(run.stderr || run.stdout).slice(0, 300)}`)
  const reload = await post('/policy/reload', {}, options)
  return { previous: String(reload.previous_version), version: String(reload.new_version) }
}

/** Makes `version` active again (POST /policy/rollback). */
export async function rollBack(version: string, options: ClientOptions): Promise<void> {
  await post('/policy/rollback', { version }, options)
}

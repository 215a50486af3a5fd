/**
 * @module
 * Staging a tenant's policy for its next reload (PUT /policy/staged, the console's stage form) and taking the
 * stage away. Run only inside the tenant's PolicyDO (policy-do.ts), in the same queue as reload and rollback,
 * so a stage never lands between a reload's check of the version and its swap.
 */
import { validatePolicy, type Policy, type PolicyProblem } from '../model/policy.ts'
import { DEFAULT_TENANT } from '../model/tenant.ts'
import { versionTaken } from './lifecycle.ts'
import { policyHash, policyKeys, readActivePolicy } from './store.ts'

/** How a stage ended: staged, or why not (the stage is then as it was). */
export type StageResult =
  | { ok: true; version: string; content_hash: string; replaced: boolean }
  | { ok: false; reason: 'invalid'; message: string; problems: PolicyProblem[] }
  | { ok: false; reason: 'version_conflict' | 'unchanged'; message: string }

/**
 * True when reloading this policy would change nothing: it is the very document the tenant decides with, as its
 * own (a tenant following the shared policy may stage a copy of it to get a policy of its own).
 */
function sameAsActive(tenant: string, active: { content_hash: string; scope: string }, hash: string): boolean {
  return active.content_hash === hash && (active.scope === 'tenant' || tenant === DEFAULT_TENANT)
}

/**
 * Validates a document with the worker's own schema and stages it for the tenant, replacing any earlier stage.
 * Refuses a version already used for different content, and a copy of the active policy.
 *
 * @example
 * await stagePolicy(env.POLICY, 'acme', { version: '2026-12-01.1', … })
 * // { ok: true, version: '2026-12-01.1', content_hash: 'a3f1…', replaced: false }
 */
export async function stagePolicy(kv: KVNamespace, tenant: string, document: unknown): Promise<StageResult> {
  const checked = validatePolicy(document)
  if (!checked.ok) return { ok: false, reason: 'invalid', message: 'The policy is invalid; nothing was staged.', problems: checked.problems }
  const policy: Policy = checked.policy
  const key = policyKeys(tenant).staged
  const [hash, active, previous] = await Promise.all([policyHash(policy), readActivePolicy(kv, tenant), kv.get(key)])
  if (sameAsActive(tenant, active, hash)) {
    return { ok: false, reason: 'unchanged', message: `Policy ${policy.version} is already active with this content; nothing was staged.` }
  }
  if (await versionTaken(kv, tenant, active, policy, hash)) {
    return { ok: false, reason: 'version_conflict', message: `Policy version "${policy.version}" was already used for different content; give the new policy a new version.` }
  }
  // The document as sent: the reload validates it again, as it does one staged with wrangler.
  await kv.put(key, JSON.stringify(document))
  return { ok: true, version: policy.version, content_hash: hash, replaced: previous !== null }
}

/**
 * Removes the tenant's staged policy; true when there was one.
 *
 * @example
 * await unstagePolicy(env.POLICY, 'acme') // true
 */
export async function unstagePolicy(kv: KVNamespace, tenant: string): Promise<boolean> {
  const key = policyKeys(tenant).staged
  const had = (await kv.get(key)) !== null
  if (had) await kv.delete(key)
  return had
}

/**
 * @module
 * A readable diff of two policies: one line per changed setting, by path, with rules named by their id
 * rather than their position (so moving a rule is not a hundred changes). Written here because a generic
 * JSON diff names rules by index, which an operator cannot read.
 */

export interface PolicyChange {
  path: string
  kind: 'added' | 'removed' | 'changed'
  before?: string
  after?: string
}

type Leaves = Map<string, string>

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Objects become paths; arrays of objects with an id become `name[id]`; other arrays are compared whole. */
function flatten(value: unknown, path: string, out: Leaves): Leaves {
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, path === '' ? key : `${path}.${key}`, out)
  } else if (Array.isArray(value) && value.length > 0 && value.every((item) => isRecord(item) && typeof item.id === 'string')) {
    for (const item of value as Record<string, unknown>[]) flatten(item, `${path}[${String(item.id)}]`, out)
  } else {
    out.set(path, JSON.stringify(value))
  }
  return out
}

/**
 * The changes from `before` to `after`, sorted by path; the version itself is left out.
 *
 * @example
 * diffPolicies(a, b) // [{ path: 'thresholds.review', kind: 'changed', before: '0.6', after: '0.55' }]
 */
export function diffPolicies(before: unknown, after: unknown): PolicyChange[] {
  const a = flatten(before, '', new Map())
  const b = flatten(after, '', new Map())
  const paths = [...new Set([...a.keys(), ...b.keys()])].filter((p) => p !== 'version').sort()
  const changes: PolicyChange[] = []
  for (const path of paths) {
    const was = a.get(path)
    const now = b.get(path)
    if (was === now) continue
    if (was === undefined) changes.push({ path, kind: 'added', after: now })
    else if (now === undefined) changes.push({ path, kind: 'removed', before: was })
    else changes.push({ path, kind: 'changed', before: was, after: now })
  }
  return changes
}

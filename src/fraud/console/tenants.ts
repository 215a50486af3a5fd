/**
 * @module
 * Which tenants a console user may see, and which one a request shows. In development every configured tenant
 * (keyring.ts) is granted; in production those CONSOLE_TENANT_GRANTS gives the user's e-mail address or one of the
 * Access groups of their token, "*" standing for every configured tenant. A granted tenant no key names any more is
 * left out, so the console never shows a tenant the API would refuse.
 */
import { DEFAULT_TENANT } from '../model/tenant.ts'
import type { ConsoleTenantGrants } from '../config.ts'

/** Who is asking: the analyst Access named, and the groups of their token. */
export interface ConsoleIdentity {
  analyst: string
  groups: readonly string[]
}

/**
 * The tenants a user may see, in the order of the configuration (`default` first).
 *
 * @example
 * grantedTenants({ identities: new Map(), groups: new Map([['ops', ['*']]]) }, { analyst: 'ana@example.com', groups: ['ops'] }, new Set(['default', 'acme']), false)
 * // ['default', 'acme']
 */
export function grantedTenants(grants: ConsoleTenantGrants, identity: ConsoleIdentity, configured: ReadonlySet<string>, development: boolean): string[] {
  if (development) return [...configured]
  const granted = new Set<string>(grants.identities.get(identity.analyst.toLowerCase()) ?? [])
  for (const group of identity.groups) for (const tenant of grants.groups.get(group) ?? []) granted.add(tenant)
  if (granted.has('*')) return [...configured]
  return [...configured].filter((tenant) => granted.has(tenant))
}

export type TenantChoice = { ok: true; tenant: string } | { ok: false; status: 403 | 404 }

/**
 * The tenant a request shows: the one `?tenant=` names, else `default` when granted, else the first granted. A
 * tenant no key names is a 404 and one not granted a 403; so is having no tenant at all.
 *
 * @example
 * chooseTenant(undefined, ['acme', 'globex'], new Set(['default', 'acme', 'globex'])) // { ok: true, tenant: 'acme' }
 * chooseTenant('globex', ['acme'], new Set(['default', 'acme', 'globex'])) // { ok: false, status: 403 }
 */
export function chooseTenant(requested: string | undefined, granted: readonly string[], configured: ReadonlySet<string>): TenantChoice {
  if (requested === undefined || requested === '') {
    const tenant = granted.includes(DEFAULT_TENANT) ? DEFAULT_TENANT : granted[0]
    return tenant === undefined ? { ok: false, status: 403 } : { ok: true, tenant }
  }
  if (!configured.has(requested)) return { ok: false, status: 404 }
  return granted.includes(requested) ? { ok: true, tenant: requested } : { ok: false, status: 403 }
}

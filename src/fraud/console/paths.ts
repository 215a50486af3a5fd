/**
 * @module
 * Console URLs that keep the tenant: every link, form and redirect of the console is built here, so moving from
 * page to page never falls back to another tenant. `default` is left out of the URL: a request without
 * `?tenant=` shows `default` whenever it is granted, which it is to anyone looking at it.
 */
import { DEFAULT_TENANT } from '../model/tenant.ts'

/**
 * A console path with the tenant and the given query parameters (undefined ones left out), and an optional
 * fragment.
 *
 * @example
 * consolePath('acme', '/console/decisions/01J…') // '/console/decisions/01J…?tenant=acme'
 * consolePath('default', '/console', { signal: 'BOT' }, 'queue') // '/console?signal=BOT#queue'
 */
export function consolePath(tenant: string, path: string, params: Record<string, string | undefined> = {}, fragment?: string): string {
  const query = new URLSearchParams()
  if (tenant !== DEFAULT_TENANT) query.set('tenant', tenant)
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value)
  const search = query.size > 0 ? `?${query}` : ''
  return `${path}${search}${fragment === undefined ? '' : `#${fragment}`}`
}

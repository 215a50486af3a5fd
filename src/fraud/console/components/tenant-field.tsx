/**
 * @module
 * The hidden field that keeps the tenant in a GET form (a form's query string replaces the action's).
 */
import { DEFAULT_TENANT } from '../../model/tenant.ts'

export function TenantField({ tenant }: { tenant: string }) {
  return tenant === DEFAULT_TENANT ? null : <input type="hidden" name="tenant" value={tenant} />
}

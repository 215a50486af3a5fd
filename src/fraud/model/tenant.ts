/**
 * @module
 * How the fraud worker names a tenant's things: its transaction Durable Objects, its D1 rows and its evidence.
 * Tenants come from the keys (src/lib/keyring.ts); `default` is the tenant of every key without a prefix, and its
 * names are those used before tenants existed, so a deployment that never configures one changes nothing.
 */
import { DEFAULT_TENANT } from '../../lib/keyring.ts'

export { DEFAULT_TENANT }

/**
 * The name of the Durable Object of a tenant's transaction. The separator is a control character, which
 * no transaction_id may contain (model/request.ts), so no id of one tenant can spell a name of another.
 *
 * @example
 * transactionObjectName('default', 'tx_1') // 'tx_1'
 * transactionObjectName('acme', 'tx_1') // 'acme\u001ftx_1'
 */
export function transactionObjectName(tenant: string, transactionId: string): string {
  return tenant === DEFAULT_TENANT ? transactionId : `${tenant}\u001f${transactionId}`
}

/**
 * The value of a nullable `tenant` column (decisions, shadow_decisions): null for `default`, so the default
 * tenant's rows cost no bytes for it.
 */
export function tenantColumn(tenant: string): string | null {
  return tenant === DEFAULT_TENANT ? null : tenant
}

/** The tenant of a nullable `tenant` column's value. */
export function tenantOfColumn(value: string | null | undefined): string {
  return value ?? DEFAULT_TENANT
}

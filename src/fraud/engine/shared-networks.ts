/**
 * @module
 * Whether an address lies in the policy's shared networks (lists.shared_networks: the operator's carrier
 * NAT and egress ranges), with the ranges parsed once per policy object, not once per decision.
 */
import { inCidr, parseCidr, parseIp, type Cidr } from '../model/ip-network.ts'
import type { Policy } from '../model/policy.ts'

const parsed = new WeakMap<Policy, Cidr[]>()

/**
 * @example
 * inSharedNetwork(policy, '100.70.1.2') // true when the policy lists 100.64.0.0/10
 */
export function inSharedNetwork(policy: Policy, address: string): boolean {
  const list = policy.lists.shared_networks
  if (list.length === 0) return false
  let ranges = parsed.get(policy)
  if (!ranges) {
    ranges = list.map(parseCidr).filter((c): c is Cidr => c !== null)
    parsed.set(policy, ranges)
  }
  const bytes = parseIp(address)
  return bytes !== null && ranges.some((range) => inCidr(bytes, range))
}

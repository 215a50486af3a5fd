/**
 * @module
 * Where a decision's network SIM and device change dates came from (docs/fraud.md, "Asking the operator's
 * network"): the request, the operator's CAMARA endpoint, the isolate's cache of its answers, or nowhere
 * (inconclusive, and why). The evidence record keeps one entry per API; network/ask-network.ts makes them.
 */
import { z } from '@hono/zod-openapi'

/** The two CAMARA APIs asked, as the evidence names them. */
export const NETWORK_APIS = ['sim_swap', 'device_swap'] as const
export type NetworkApi = (typeof NETWORK_APIS)[number]

/**
 * Why an API's answer is inconclusive: no answer within the budget (`timeout`), the number unknown to the
 * operator (`not_found`, 404), the API not applicable to it (`not_applicable`, 422), or anything else: a
 * refused token, a 401, 403, 429 or 5xx, a network error, an answer of another shape, a misconfiguration (`failed`).
 */
export const INCONCLUSIVE_REASONS = ['timeout', 'not_found', 'not_applicable', 'failed'] as const
export type InconclusiveReason = (typeof INCONCLUSIVE_REASONS)[number]

/** That the worker asked the operator's network itself, and whether a question went unanswered: the feature network_swap_inconclusive. */
export interface NetworkAsked {
  inconclusive: boolean
}

export const NetworkDateSource = z
  .discriminatedUnion('source', [
    z.object({ source: z.literal('request') }),
    z.object({
      source: z.enum(['network', 'cache']),
      latest_change: z.string().nullable().openapi({ description: 'latestSimChange or latestDeviceChange as the network answered it' }),
      monitored_period: z.number().int().optional().openapi({ description: 'monitoredPeriod (days), when the network gave one' }),
    }),
    z.object({
      source: z.literal('inconclusive'),
      reason: z.enum(INCONCLUSIVE_REASONS),
      status: z.number().int().optional().openapi({ description: 'The HTTP status of the answer, when there was one' }),
    }),
  ])
  .openapi('NetworkDateSource')
export type NetworkDateSource = z.infer<typeof NetworkDateSource>

export const NetworkSwapEvidence = z
  .object({ sim_swap: NetworkDateSource.optional(), device_swap: NetworkDateSource.optional() })
  .openapi('NetworkSwapEvidence', {
    description:
      "Where the SIM and device change dates came from: the request's own fields, the operator's CAMARA endpoint, the worker's " +
      'cache of its answers, or inconclusive (and why). Only with the CAMARA client on; absent when neither the request brought them nor the network was asked.',
  })
export type NetworkSwapEvidence = z.infer<typeof NetworkSwapEvidence>

/**
 * @module
 * One CAMARA `retrieve-date` call (SIM Swap or Device Swap, test/fraud/network/camara-specs): the phone number in,
 * the date of the last change (or null with a monitored period) out, or why the answer is inconclusive. A plain
 * fetch: the operation is one POST, and a generated client would add code to the worker for nothing.
 */
import { z } from 'zod'
import type { CamaraSettings } from '../config.ts'
import type { InconclusiveReason, NetworkApi } from '../model/network-swap.ts'

/** The released API each question goes to: SimSwap r3.3 serves sim-swap v2, DeviceSwap r3.2 serves device-swap v1. */
const API_PATHS: Record<NetworkApi, string> = { sim_swap: 'sim-swap/v2', device_swap: 'device-swap/v1' }

/** SimSwapInfo and DeviceSwapInfo of the specifications: an RFC 3339 date with its offset, or null; the monitored days. */
const changeDate = z.iso.datetime({ offset: true }).nullable()
const monitoredPeriod = z.number().int().min(1).optional()
const ANSWERS = {
  sim_swap: z.object({ latestSimChange: changeDate, monitoredPeriod }).transform((a) => ({ latestChange: a.latestSimChange, monitoredPeriod: a.monitoredPeriod })),
  device_swap: z.object({ latestDeviceChange: changeDate, monitoredPeriod }).transform((a) => ({ latestChange: a.latestDeviceChange, monitoredPeriod: a.monitoredPeriod })),
} as const

/** The PhoneNumber of the specifications: E.164 with its leading "+". */
const E164 = /^\+[1-9][0-9]{4,14}$/

/**
 * The request's phone number as the specifications want it, or null when it cannot be one. The request accepts
 * E.164 digits with or without the "+" (model/request.ts); without it they still begin with the country code.
 *
 * @example
 * e164('33612345678') // '+33612345678'
 */
export function e164(phoneNumber: string): string | null {
  const candidate = phoneNumber.startsWith('+') ? phoneNumber : `+${phoneNumber}`
  return E164.test(candidate) ? candidate : null
}

export type SwapAnswer =
  | { kind: 'answer'; latestChange: string | null; monitoredPeriod?: number }
  | { kind: 'inconclusive'; reason: InconclusiveReason; status?: number; detail?: string }

/** What the specifications' 404 and 422 mean here: the network does not know the number, or does not serve this API for it. */
const EXPECTED_REFUSALS: Partial<Record<number, InconclusiveReason>> = { 404: 'not_found', 422: 'not_applicable' }

/**
 * Asks one API for the phone number's last change. Never throws for an answer the operator gives: a 404 or 422 is
 * inconclusive by the specifications; any other status, or a body of another shape, is inconclusive `failed`
 * with a detail for the log. A network error or an abort (the caller's budget) rejects.
 *
 * @example
 * const answer = await retrieveSwapDate(settings, 'sim_swap', '+33612345678', token, signal)
 * if (answer.kind === 'answer') answer.latestChange // '2024-09-18T07:37:53.471829447Z' or null
 */
export async function retrieveSwapDate(settings: CamaraSettings, api: NetworkApi, phoneNumber: string, token: string, signal: AbortSignal): Promise<SwapAnswer> {
  const response = await fetch(`${settings.apiRoot}/${API_PATHS[api]}/retrieve-date`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ phoneNumber }),
    signal,
  })
  if (!response.ok) {
    // The error body is not needed: its status says all the decision uses.
    await response.body?.cancel()
    const expected = EXPECTED_REFUSALS[response.status]
    return expected ? { kind: 'inconclusive', reason: expected, status: response.status } : { kind: 'inconclusive', reason: 'failed', status: response.status, detail: `HTTP ${response.status}` }
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return { kind: 'inconclusive', reason: 'failed', status: response.status, detail: 'answer is not JSON' }
  }
  const parsed = ANSWERS[api].safeParse(body)
  if (!parsed.success) return { kind: 'inconclusive', reason: 'failed', status: response.status, detail: `answer of another shape: ${parsed.error.issues[0]?.message ?? 'invalid'}` }
  const { latestChange, monitoredPeriod: days } = parsed.data
  return days === undefined ? { kind: 'answer', latestChange } : { kind: 'answer', latestChange, monitoredPeriod: days }
}

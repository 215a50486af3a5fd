/**
 * @module
 * The worker asking the operator's CAMARA endpoint itself for the SIM and device change dates a request did not
 * bring (docs/fraud.md, "Asking the operator's network"): both APIs at once, beside the history read, within the
 * configured budget, from the isolate's cache when it can. Its answers become the request's own CAMARA fields;
 * a question left without an answer is inconclusive, a signal of its own, never an error.
 */
import { withDeadline } from '../../lib/deadline.ts'
import { describeCause, log, sampledEvent } from '../../lib/logger.ts'
import { ConfigurationError } from '../../lib/deployment.ts'
import type { CamaraSettings } from '../config.ts'
import type { DecisionRequest } from '../model/request.ts'
import { NETWORK_APIS, type NetworkApi, type NetworkAsked, type NetworkDateSource, type NetworkSwapEvidence } from '../model/network-swap.ts'
import { e164, retrieveSwapDate, type SwapAnswer } from './camara-client.ts'
import { cachedAnswer, rememberAnswer } from './cache.ts'
import { accessToken, forgetAccessToken } from './token.ts'

/** The request's CAMARA fields, per API. */
const FIELDS = {
  sim_swap: { date: 'sim_swap_latest_change', period: 'sim_swap_monitored_period' },
  device_swap: { date: 'device_swap_latest_change', period: 'device_swap_monitored_period' },
} as const satisfies Record<NetworkApi, { date: keyof DecisionRequest; period: keyof DecisionRequest }>

export type NetworkFields = Partial<Pick<DecisionRequest, 'sim_swap_latest_change' | 'sim_swap_monitored_period' | 'device_swap_latest_change' | 'device_swap_monitored_period'>>

/**
 * What the decision takes from the network: the fields to read as the request's own, whether it was asked (and a
 * question went unanswered), and the evidence.
 */
export interface NetworkDates {
  fields: NetworkFields
  /** Undefined when the network was not asked (the request brought both fields). */
  asked?: NetworkAsked
  evidence: NetworkSwapEvidence
}

/** Who is asking, for the log lines (never the phone number). */
export interface AskContext {
  tenant: string
  request_id?: string
  transaction_id: string
}

/**
 * The network's dates for this request, or undefined when there is nothing to record: the client is off, or the
 * request neither brings the fields nor may be asked about (no phone number; a SIM activation, whose "latest change"
 * is the activation itself). An API whose field the request brings is not asked (its evidence says `request`).
 * Never rejects.
 *
 * @example
 * const asking = askNetwork(fraudConfig(env).camara, request, hashed.phoneNumber, { tenant, transaction_id }) // started, not awaited
 * const read = await readWithinBudget(...) // the history read meanwhile
 * const network = await asking // network?.fields read as the request's own
 */
export async function askNetwork(
  camara: CamaraSettings | null | ConfigurationError,
  request: DecisionRequest,
  phoneHash: number | null,
  context: AskContext,
): Promise<NetworkDates | undefined> {
  // The client off (the default): nothing to do and nothing to record; the request's own fields are in its evidence.
  if (camara === null) return undefined
  const evidence: NetworkSwapEvidence = {}
  const toAsk: NetworkApi[] = []
  for (const api of NETWORK_APIS) {
    if (request[FIELDS[api].date] !== undefined) evidence[api] = { source: 'request' }
    else toAsk.push(api)
  }
  const phone = request.phone_number === undefined ? null : e164(request.phone_number)
  const asks = toAsk.length > 0 && phone !== null && phoneHash !== null && request.event_subtype !== 'sim_activation'
  if (!asks) return toAsk.length === NETWORK_APIS.length ? undefined : { fields: {}, evidence }

  const answers = await answersFor(camara, toAsk, phone, phoneHash, context)
  const fields: NetworkFields = {}
  let inconclusive = false
  for (const [api, source] of answers) {
    evidence[api] = source
    if (source.source === 'inconclusive') inconclusive = true
    else if (source.source !== 'request') {
      fields[FIELDS[api].date] = source.latest_change
      if (source.monitored_period !== undefined) fields[FIELDS[api].period] = source.monitored_period
    }
  }
  return { fields, asked: { inconclusive }, evidence }
}

/** Each API's answer: from the cache, else asked (both at once) within the budget. */
async function answersFor(
  camara: CamaraSettings | ConfigurationError,
  apis: NetworkApi[],
  phone: string,
  phoneHash: number,
  context: AskContext,
): Promise<[NetworkApi, NetworkDateSource][]> {
  const sources = new Map<NetworkApi, NetworkDateSource>()
  const missing: NetworkApi[] = []
  for (const api of apis) {
    const hit = cachedAnswer(api, context.tenant, phoneHash)
    if (hit) sources.set(api, { source: 'cache', latest_change: hit.latestChange, ...(hit.monitoredPeriod === undefined ? {} : { monitored_period: hit.monitoredPeriod }) })
    else missing.push(api)
  }
  if (missing.length > 0) {
    const asked = camara instanceof ConfigurationError ? misconfigured(camara, missing, context) : await askWithinBudget(camara, missing, phone, context)
    for (const [i, api] of missing.entries()) {
      const answer = asked[i]!
      if (answer.kind === 'answer') {
        rememberAnswer(api, context.tenant, phoneHash, { latestChange: answer.latestChange, ...(answer.monitoredPeriod === undefined ? {} : { monitoredPeriod: answer.monitoredPeriod }) })
        sources.set(api, { source: 'network', latest_change: answer.latestChange, ...(answer.monitoredPeriod === undefined ? {} : { monitored_period: answer.monitoredPeriod }) })
      } else {
        sources.set(api, { source: 'inconclusive', reason: answer.reason, ...(answer.status === undefined ? {} : { status: answer.status }) })
      }
    }
  }
  return apis.map((api) => [api, sources.get(api)!])
}

/** A client set up but misconfigured: inconclusive, and the setting named in the (sampled) log. */
function misconfigured(error: ConfigurationError, apis: NetworkApi[], context: AskContext): SwapAnswer[] {
  const nth = sampledEvent('camara_misconfigured')
  if (nth.log) log('error', 'camara_misconfigured', { ...context, setting: error.setting, cause: error.message, misconfigured_in_isolate: nth.count })
  return apis.map(() => ({ kind: 'inconclusive', reason: 'failed', detail: 'misconfigured' }))
}

/**
 * Asks the APIs at once under one deadline, the token included: past the budget every open question is a
 * `timeout` (its fetch aborted; a token request still running finishes for the next decision).
 */
async function askWithinBudget(camara: CamaraSettings, apis: NetworkApi[], phone: string, context: AskContext): Promise<SwapAnswer[]> {
  const settled: (SwapAnswer | undefined)[] = apis.map(() => undefined)
  const overBudget = new Error('CAMARA answer over budget')
  try {
    await withDeadline(
      camara.budgetMs,
      async (signal) => {
        const token = await accessToken(camara)
        await Promise.all(apis.map(async (api, i) => (settled[i] = await askOne(camara, api, phone, token, signal, context))))
      },
      () => overBudget,
    )
  } catch (err) {
    // A token refused or failing: every question open is inconclusive, logged as a failure.
    if (err !== overBudget) for (const [i, api] of apis.entries()) settled[i] ??= failed(api, context, { cause: describeCause(err), stage: 'token' })
  }
  const answers = settled.map((answer): SwapAnswer => answer ?? { kind: 'inconclusive', reason: 'timeout' })
  for (const [i, answer] of answers.entries()) {
    if (answer.kind === 'inconclusive' && answer.status === 401) forgetAccessToken(camara)
    if (answer.kind === 'inconclusive' && answer.reason !== 'failed') {
      // Expected by the specifications (a number of another operator, a slow gateway): counted, rarely logged.
      const nth = sampledEvent('camara_inconclusive')
      if (nth.log) log('info', 'camara_inconclusive', { ...context, api: apis[i], reason: answer.reason, status: answer.status, budget_ms: camara.budgetMs, inconclusive_in_isolate: nth.count })
    }
  }
  return answers
}

/** One API's answer; a network error (not an abort: that is the budget's) is inconclusive `failed`, logged. */
async function askOne(camara: CamaraSettings, api: NetworkApi, phone: string, token: string, signal: AbortSignal, context: AskContext): Promise<SwapAnswer | undefined> {
  try {
    const answer = await retrieveSwapDate(camara, api, phone, token, signal)
    if (answer.kind === 'inconclusive' && answer.reason === 'failed') return failed(api, context, { status: answer.status, detail: answer.detail })
    return answer
  } catch (err) {
    if (signal.aborted) return undefined
    return failed(api, context, { cause: describeCause(err), stage: 'retrieve-date' })
  }
}

/** An answer the specifications do not lead to expect (401, 403, 429, 5xx, another shape, a network error): inconclusive, and a warning. */
function failed(api: NetworkApi, context: AskContext, details: Record<string, unknown>): SwapAnswer {
  const nth = sampledEvent('camara_failed')
  if (nth.log) log('warn', 'camara_failed', { ...context, api, ...details, failed_in_isolate: nth.count })
  const status = typeof details.status === 'number' ? details.status : undefined
  return status === undefined ? { kind: 'inconclusive', reason: 'failed' } : { kind: 'inconclusive', reason: 'failed', status }
}

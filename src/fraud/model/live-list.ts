/**
 * @module
 * Live lists and snoozes (docs/fraud.md, "Live lists and snoozes"): what an operator may list or snooze, and what
 * a decision learns of them from its history read. The engine acts on these; operator/lists keeps them.
 */

/** The two live lists: a block item acts as a policy block list hit, an allow item as an allow list hit. */
export const LIVE_LISTS = ['allow', 'block'] as const
export type LiveListName = (typeof LIVE_LISTS)[number]

/** The request fields an item or a snooze may name; `ip_range` (CIDR) matches the request's ip_address. */
export const LIVE_LIST_FIELDS = ['card_token', 'user_id', 'phone_number', 'device_fingerprint', 'imei', 'ip_address', 'ip_range'] as const
export type LiveListField = (typeof LIVE_LIST_FIELDS)[number]

/** A live list item that matched the request: its id names it in the evidence. */
export interface LiveListMatch {
  id: string
  list: LiveListName
  field: LiveListField
}

/** A live snooze of one rule for one entity that matched the request. */
export interface LiveSnooze {
  id: string
  rule_id: string
  field: LiveListField
}

/** What the history read found in force for one request. */
export interface LiveLists {
  items: LiveListMatch[]
  snoozes: LiveSnooze[]
}

export const NO_LIVE_LISTS: LiveLists = { items: [], snoozes: [] }

/** A rule that matched but did not fire, and the snooze that stopped it. */
export interface SnoozedRule {
  rule_id: string
  /** The signal the rule would have raised. */
  code: string
  snooze_id: string
  field: LiveListField
}

/**
 * The evidence's `live_lists` field, present when a live item decided or a snooze stopped a rule: which item
 * matched (the one that decided first), and which rules a snooze skipped.
 */
export interface LiveListEvidence {
  matched: LiveListMatch[]
  snoozed: SnoozedRule[]
}

/** The signal label of a field, as the policy's lists name theirs (BLOCKLIST_CARD_TOKEN, ALLOWLIST_IP, ...). */
export const LIST_SIGNAL_LABEL: Record<LiveListField, string> = {
  card_token: 'CARD_TOKEN',
  user_id: 'USER',
  phone_number: 'PHONE',
  device_fingerprint: 'DEVICE',
  imei: 'IMEI',
  ip_address: 'IP',
  ip_range: 'IP_RANGE',
}

/**
 * The live lists a stored decision was made with, as its evidence recorded them, so a backtest, a fit or the
 * shadow policy re-scores it with the same items and snoozes (a snooze recorded only where it stopped a rule).
 *
 * @example
 * evaluate(record.request, record.features, candidate, liveListsOfEvidence(record.live_lists))
 */
export function liveListsOfEvidence(evidence: LiveListEvidence | undefined): LiveLists {
  if (!evidence) return NO_LIVE_LISTS
  return { items: evidence.matched, snoozes: evidence.snoozed.map((s) => ({ id: s.snooze_id, rule_id: s.rule_id, field: s.field })) }
}

/**
 * @module
 * The knowledge look-ups the analysis engine needs. The route passes the embedded knowledge base;
 * unit tests pass a small in-test object (to the route, through the `knowledge` variable), so the
 * engine stays a plain function of its inputs.
 */
import type { NearMatch } from './near-match/index.ts'
import { MEMO_MAX_KEY_CHARS } from '../memo.ts'
import type { AllergenFamily, KnowledgeEntry } from './types.ts'

export interface Knowledge {
  /** Finds an entry by any name or synonym in any supported language. */
  lookupName(name: string): KnowledgeEntry | undefined
  /** Finds a food additive by E-number in any spelling ("E 330", "INS 330", "e330"). */
  lookupENumber(code: string): KnowledgeEntry | undefined
  /** The allergen families an ingredient belongs to, from its entry and from the name as written. */
  allergenFamiliesFor(entry: KnowledgeEntry | undefined, rawName: string): AllergenFamily[]
  /** The family a user's allergy names ("lait", "Nüsse", "gluten"), if it names one. */
  matchAllergy(userAllergy: string): AllergenFamily | undefined
  /** The known name an unknown one is most likely a misreading of; absent, no name is near-matched. */
  nearMatch?(name: string): NearMatch | undefined
}

/** The Hono variable that gives /analyze another knowledge base than the embedded one, when set. */
export interface KnowledgeVariables {
  knowledge?: Knowledge
}

/**
 * The knowledge seen by one request: name look-ups remembered for the request's lifetime, because parsing,
 * resolution and statement items ask for the same names several times (a fixed base, which remembers its own,
 * is asked directly). Nothing outlives the request.
 *
 * @example
 * const knowledge = forOneRequest(await loadEmbeddedKnowledge())
 */
export function forOneRequest(knowledge: Knowledge): Knowledge {
  const names = new Map<string, KnowledgeEntry | undefined>()
  const near = knowledge.nearMatch
  const fixed = FIXED.has(knowledge)
  let nearSearches = 0
  const request: Knowledge = {
    ...knowledge,
    lookupName(name) {
      // The fixed base remembers its names per isolate (lookup.ts): a second map would only add look-ups.
      if (fixed && name.length <= MEMO_MAX_KEY_CHARS) return knowledge.lookupName(name)
      // One look-up for a known name; `undefined` (an unknown name) is told from a miss by a second.
      const known = names.get(name)
      if (known !== undefined || names.has(name)) return known
      const entry = knowledge.lookupName(name)
      names.set(name, entry)
      return entry
    },
    // A misread label has a few unknown names; a list of hundreds is no misreading, and each search costs.
    ...(near ? { nearMatch: (name: string) => (++nearSearches > NEAR_MATCHES_PER_REQUEST ? undefined : near(name)) } : {}),
  }
  if (fixed) fixedBehind.set(request, knowledge)
  return request
}

// Knowledge bases whose answers never change while the isolate lives, and the one each request's knowledge reads.
const FIXED = new WeakSet<Knowledge>()
const fixedBehind = new WeakMap<Knowledge, Knowledge>()

/**
 * Marks a knowledge base whose answers never change while the isolate lives (the embedded one), so that what
 * is worked out from it may be remembered across requests; gives it back. Its name look-ups must remember
 * names of up to MEMO_MAX_KEY_CHARS characters themselves, as the embedded one's do (lookup.ts).
 *
 * @example
 * const knowledge = fixedForIsolate({ lookupName, lookupENumber, allergenFamiliesFor, matchAllergy })
 */
export function fixedForIsolate(knowledge: Knowledge): Knowledge {
  FIXED.add(knowledge)
  return knowledge
}

/**
 * The fixed knowledge base a knowledge object is or reads through forOneRequest, else undefined: the key under
 * which answers worked out from it may be remembered. A test's own knowledge object is never fixed.
 *
 * @example
 * fixedKnowledge(forOneRequest(await loadEmbeddedKnowledge())) // the embedded knowledge base
 */
export function fixedKnowledge(knowledge: Knowledge): Knowledge | undefined {
  return FIXED.has(knowledge) ? knowledge : fixedBehind.get(knowledge)
}

/** Near-match searches one request may make; the names after them stay unknown. */
export const NEAR_MATCHES_PER_REQUEST = 40

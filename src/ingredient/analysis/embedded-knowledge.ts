/**
 * @module
 * The embedded knowledge base seen through the engine's Knowledge interface. Loading is lazy (on the
 * first look-up), so a worker that never analyses never parses the data.
 */
import { allergenFamiliesFor, lookupENumber, lookupName, matchAllergy } from '../knowledge'
import type { Knowledge } from './knowledge'

/**
 * The knowledge the worker analyses with.
 *
 * @example
 * embeddedKnowledge.lookupName('lactosérum')?.allergenFamilies // ['milk']
 */
export const embeddedKnowledge: Knowledge = { lookupName, lookupENumber, allergenFamiliesFor, matchAllergy }

/**
 * @module
 * The embedded knowledge base seen through the engine's Knowledge interface. The module holding the
 * data (data.ts, several megabytes) is imported on the first analysis, not when the worker starts, so health
 * checks and /ocr never load it; the data itself is parsed lazily by load.ts.
 */
import { fixedForIsolate, type Knowledge } from './access.ts'
import { loadOnce } from './load-once.ts'

/**
 * Loads the embedded knowledge base once per isolate.
 *
 * @example
 * const knowledge = await loadEmbeddedKnowledge()
 * knowledge.lookupName('lactosérum')?.allergenFamilies // ['milk']
 */
export const loadEmbeddedKnowledge: () => Promise<Knowledge> = loadOnce(() =>
  import('./data.ts').then(({ allergenFamiliesFor, lookupENumber, lookupName, matchAllergy, nearMatch }) =>
    // The data are fixed for the isolate's life: what is worked out from them may be remembered.
    fixedForIsolate({ lookupName, lookupENumber, allergenFamiliesFor, matchAllergy, nearMatch }),
  ),
)

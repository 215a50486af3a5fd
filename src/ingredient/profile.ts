/**
 * @module
 * Who the analysis is for: declared allergies, skin type and preferred explanation style.
 */

export const SKIN_TYPES = ['normal', 'dry', 'oily', 'combination', 'sensitive'] as const
export type SkinType = (typeof SKIN_TYPES)[number]

export const EXPERTISE_LEVELS = ['beginner', 'expert'] as const
/** `undefined` means the default, middle style. */
export type Expertise = (typeof EXPERTISE_LEVELS)[number]

/** The languages an answer is written in: the nine label languages, English first (the default). */
export const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'ja', 'zh', 'ko'] as const
export type Language = (typeof LANGUAGES)[number]

export interface Profile {
  allergies: string[]
  skinType?: SkinType
  expertise?: Expertise
  /** The language of every sentence of the answer; English when absent. */
  language?: Language
}

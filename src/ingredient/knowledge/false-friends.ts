/**
 * @module
 * Names whose words look like an allergen but whose whole says otherwise, rewritten to what they mean before
 * a name's words are matched: a French "crème de cassis" is a fruit liqueur, not cream; "fruits à coques" are
 * tree nuts, not cockles (coques); a German "Weizeneiweiß" is wheat protein, not egg white (Eiweiß). Run time
 * only: the generated allergen table is left as it is.
 */

// Normalised text (lower case, no diacritics, ß as ss), so one pattern covers every spelling.
const REWRITES: readonly [RegExp, string][] = [
  // French fruit liqueurs and purées named "crème de <fruit>": no milk unless the label says so elsewhere.
  [/\bcremes? de (?:cassis|mures?|framboises?|fraises?|peches?|menthe|banane|myrtilles?|violette|marrons?|chataignes?|griottes?|cerises?|poires?|abricots?)\b/gu, 'liqueur'],
  // "fruits à coques": the plural of "fruit à coque" (tree nut); "coques" alone are cockles.
  [/\bfruits? a coques\b/gu, 'fruits a coque'],
  // A German compound naming the protein's source before "Eiweiß" (protein, or egg white alone): wheat, soy,
  // pea, potato, rice, oat, lupin, rapeseed, sunflower, hemp, maize, spelt, barley, rye, faba bean, chickpea,
  // whey and milk protein keep their source's family and lose the egg's.
  // Open Food Facts' texts mark allergens with underscores ("_Weizen_eiweiß"): the mark may sit between the parts.
  [/(?<![a-z])_?(weizen|soja|erbsen|kartoffel|reis|hafer|lupinen|raps|sonnenblumen|hanf|mais|dinkel|gersten|roggen|ackerbohnen|kichererbsen|molken|milch)_?eiweiss/gu, '$1 protein'],
]

/**
 * The normalised name with its false friends rewritten.
 *
 * @example
 * withoutFalseFriends('creme de cassis') // 'liqueur'
 * withoutFalseFriends('weizeneiweiss') // 'weizen protein'
 */
export function withoutFalseFriends(normalised: string): string {
  let text = normalised
  for (const [pattern, meaning] of REWRITES) text = text.replace(pattern, meaning)
  return text
}

/**
 * @module
 * Label statements printed in brackets or after a name: organic and fair-trade statements ("(bio)",
 * "(issue de l'agriculture biologique)", "(aus kontrolliert ökologischem Anbau)", "(commerce équitable)") and
 * the origin statements of the languages the origin patterns do not cover ("(origen: España)", "(Ursprung:
 * Italien)"). They say how or where an ingredient was produced, not what it is: they leave the name.
 */
import { isOriginStatement, withoutClaims } from './attributes.ts'
import { reading } from '../work-meter.ts'

// The organic production terms of Regulation (EU) 2018/848, Annex IV, and fair-trade terms, in the frames
// labels print them in; Japanese 有機栽培 (JAS), Korean 유기농산물, Chinese 有机种植 for the CJK labels.
const FARMING_STATEMENTS = [
  "(?:issue?s? |provenant )?(?:de l'|du |de la |d'une )?(?:agriculture|culture|production|élevage) biologique",
  '(?:issue?s? du )?commerce équitable',
  '(?:from |of )?(?:certified )?organic (?:farming|agriculture|production|origin|cultivation)',
  'organically (?:grown|farmed|produced)',
  'fairly traded',
  'aus (?:kontrolliert |kontrolliertem )?(?:biologischem|ökologischem) (?:Anbau|Landbau)',
  'aus (?:kontrolliert )?(?:biologischer|ökologischer) (?:Landwirtschaft|Erzeugung|Tierhaltung|Aquakultur)',
  'kbA',
  'kbT',
  'aus fairem Handel',
  '(?:procedente )?de (?:la )?(?:agricultura|producción|ganadería) (?:ecológica|biológica)',
  'de cultivo (?:ecológico|biológico)',
  '(?:da |proveniente da )?(?:agricoltura|coltivazione|produzione|allevamento) biologic[ao]',
  '(?:da )?commercio equo(?: e solidale)?',
  '(?:de |proveniente de )?(?:agricultura|produção|produçao) biológica',
  '(?:de )?comércio justo',
  '有機栽培',
  '有機JAS',
  'オーガニック',
  '유기농산물',
  '유기재배',
  '有机种植',
  '有機種植',
  // The code of an organic control body (Article 32 of the Regulation): "DE-ÖKO-001", "FR-BIO-01", "ES-ECO-001-AN".
  '[a-z]{2}-(?:bio|öko|oko|eco|org|ekol)-\\d{2,3}(?:-[a-z]{2})?',
]
  .join('|')
  .toLowerCase()

// Matched against lower-cased text, without the i flag: a case-insensitive Unicode pattern of these statements took
// V8 about 6 ms to compile on an isolate's first label, a case-sensitive one about 2 ms.
const FARMING_WHOLE = new RegExp(`^(?:${FARMING_STATEMENTS})$`, 'u')
const FARMING_TAIL = new RegExp(`\\s(?:${FARMING_STATEMENTS})$`, 'u')

// Words that join label words in one statement: "certified organic", "bio und fair", "commerce équitable et bio".
const JOINING = /^(?:certified|certifiée?s?|zertifiziert|certificad[oa]s?|certificat[oa]|certificad[oa]|and|et|und|y|e|&|\/|-)$/iu

// Origin statements the origin patterns leave out, in the same bounded shape: a word, then names of places; and
// the place of farming printed with the EU organic logo (Regulation (EU) 2018/848, Article 32(2)): "Agriculture UE".
const OTHER_ORIGIN = /^(?:(?:origen|ursprung(?:sland)?|paese d'origine|país de origen|país de origem|原産地|원산지)\s{0,3}[:：]?\s{0,3}\p{L}[\p{L}\s.'-]*|(?:eu|non-eu|eu\/non-eu) agriculture|agriculture (?:ue|non ue|ue\/non ue)|(?:nicht-)?eu-landwirtschaft|eu-\/nicht-eu-landwirtschaft|agricultura (?:ue|no ue|ue\/no ue|não ue|ue\/não ue)|agricoltura (?:ue|non ue|ue\/non ue))$/iu

/** The longest label statement: only the end of a long name is searched for one. */
const TAIL_WINDOW = 60

/**
 * The label words a bracketed text states, when it states nothing else; null otherwise.
 *
 * @example
 * labelStatement('bio') // ['bio']
 * labelStatement("issue de l'agriculture biologique") // ["issue de l'agriculture biologique"]
 * labelStatement('lait bio') // null
 */
export function labelStatement(text: string): string[] | null {
  reading(text)
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (FARMING_WHOLE.test(trimmed.toLowerCase())) return [trimmed]
  // withoutClaims keeps a text that is only label words as it is: read with a stand-in name before it.
  const read = withoutClaims(`x ${trimmed}`)
  if (read.claims.length === 0) return null
  const rest = read.name.split(' ').slice(1)
  return rest.every((word) => JOINING.test(word)) ? read.claims : null
}

/**
 * Whether a bracketed text says where an ingredient comes from, and nothing else.
 *
 * @example
 * isOriginOnly('origen: España') // true
 * isOriginOnly('origine France') // true
 */
export function isOriginOnly(text: string): boolean {
  reading(text)
  return isOriginStatement(text) || OTHER_ORIGIN.test(text.trim())
}

/**
 * Splits a farming statement off the end of a name ("cerises issues de l'agriculture biologique").
 *
 * @example
 * withoutFarmingStatement("cerises issues de l'agriculture biologique") // { name: 'cerises', statement: "issues de l'agriculture biologique" }
 */
export function withoutFarmingStatement(name: string): { name: string; statement?: string } {
  reading(name)
  const from = Math.max(0, name.length - TAIL_WINDOW)
  const tail = name.slice(from).toLowerCase()
  // Lower-casing keeps the length of the nine languages' letters; where it does not, positions would not match.
  if (tail.length !== name.length - from) return { name }
  const match = FARMING_TAIL.exec(tail)
  if (!match || match.index + from === 0) return { name }
  return { name: name.slice(0, match.index + from).trim(), statement: name.slice(match.index + from).trim() }
}

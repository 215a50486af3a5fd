/**
 * @module
 * Origin (Natural / Synthetic / Semi-synthetic) heuristics for additives and INCI names. The open data
 * has no origin field, so these rules are documented guesses; curated rows override them.
 */
import type { Origin } from '../../../src/ingredient/knowledge/types.ts'
import { BOTANICAL_PART } from '../curated/tags.ts'

type Range = [number, number, Origin]

/**
 * E-number ranges and codes by typical manufacture. Extracted plant, animal or mineral substances are
 * Natural; fermentation products, processed natural materials and derivatives of natural fats, sugars or
 * cellulose are Semi-synthetic; everything else (azo dyes, most preservatives, phosphates, intense
 * sweeteners) defaults to Synthetic.
 */
const ADDITIVE_ORIGIN: Range[] = [
  [100, 100, 'Natural'], [101, 101, 'Semi-synthetic'], [120, 120, 'Natural'], [140, 140, 'Natural'], [141, 141, 'Semi-synthetic'],
  [150, 150, 'Semi-synthetic'], [153, 153, 'Natural'], [160, 161, 'Semi-synthetic'], [162, 163, 'Natural'], [170, 170, 'Natural'],
  [174, 175, 'Natural'], [234, 235, 'Semi-synthetic'], [260, 263, 'Semi-synthetic'], [270, 270, 'Semi-synthetic'], [290, 290, 'Natural'],
  [300, 304, 'Semi-synthetic'], [306, 306, 'Natural'], [322, 322, 'Natural'], [325, 327, 'Semi-synthetic'], [330, 333, 'Semi-synthetic'],
  [334, 337, 'Semi-synthetic'], [392, 392, 'Natural'], [400, 405, 'Semi-synthetic'], [406, 407, 'Natural'], [407.5, 407.5, 'Semi-synthetic'],
  [410, 418, 'Natural'], [420, 422, 'Semi-synthetic'], [440, 440, 'Natural'], [460, 479, 'Semi-synthetic'], [481, 495, 'Semi-synthetic'],
  [570, 570, 'Semi-synthetic'], [620, 625, 'Semi-synthetic'], [901, 904, 'Natural'], [938, 949, 'Natural'], [953, 953, 'Semi-synthetic'],
  [960, 960, 'Semi-synthetic'], [965, 968, 'Semi-synthetic'], [1100, 1105, 'Semi-synthetic'], [1400, 1452, 'Semi-synthetic'],
]

/**
 * Typical origin of a food additive from its E-number.
 *
 * @example
 * additiveOrigin('E415') // 'Natural'
 * additiveOrigin('E102') // 'Synthetic'
 */
export function additiveOrigin(eNumber: string): Origin {
  const match = /^E(\d+)([a-z]?)/i.exec(eNumber)
  if (!match) return 'Synthetic'
  // E407a (processed eucheuma seaweed) sits between E407 and E410.
  const code = Number(match[1]) + (match[1] === '407' && match[2]?.toLowerCase() === 'a' ? 0.5 : 0)
  for (const [from, to, origin] of ADDITIVE_ORIGIN) if (code >= from && code <= to) return origin
  return 'Synthetic'
}

const NATURAL_INCI = new Set([
  'AQUA', 'WATER', 'MICA', 'KAOLIN', 'TALC', 'MARIS SAL', 'MARIS AQUA', 'SEA SALT', 'BENTONITE', 'ILLITE', 'MONTMORILLONITE', 'CERA ALBA',
  'BEESWAX', 'LANOLIN', 'MEL', 'HONEY', 'MILK', 'LACTIS PROTEINUM', 'PROPOLIS', 'ROYAL JELLY', 'SILK', 'SERICIN', 'KERATIN', 'SQUALENE',
  'CHARCOAL POWDER', 'CHALK', 'SODIUM CHLORIDE', 'ZEOLITE', 'SULFUR', 'PUMICE', 'SAND', 'MUD', 'MARIS LIMUS', 'LIMNANTHES ALBA SEED OIL',
])

const LATIN_SPECIES = /^[A-Z]{3,} (?:[A-Z]+ )?[A-Z]*(?:A|AE|UM|US|IS|ES|II|I|ENSIS|ICA|ANA|ATA|OSA|OIDES|IDES|ENSE|OR|EX|AX)\b/
const PROCESSED_PREFIX = /^(?:HYDROGENATED|HYDROLYZED|SODIUM|POTASSIUM|PEG-|PPG-|POLYGLYCERYL|ETHYL|METHYL|ISOPROPYL|GLYCERYL|SUCROSE|SORBITAN|ACETYLATED|SULFATED|OXIDIZED|MALEATED|EPOXIDIZED|PALMITOYL|ETHYLHEXYL)\b/
const FATTY_DERIVATIVE = /^PEG-|^PPG-|ETH-\d|(?:LAURETH|CETEARETH|STEARETH|CETETH|OLETH|CETEARETH|DECETH|TRIDECETH|PARETH)-|POLYSORBATE|GLUCOSIDE|ISETHIONATE|SARCOSINATE|BETAINE|GLUTAMATE|SULFOSUCCINATE|\bGLYCERYL\b|\bSORBITAN\b|\b(?:COCO|COCOYL|COCAMIDE|COCAMIDOPROPYL|LAUR[A-Z]*|MYRIST[A-Z]*|PALMIT[A-Z]*|STEAR[A-Z]*|ISOSTEAR[A-Z]*|OLE[A-Z]*|CAPRYL[A-Z]*|CAPR[A-Z]*|BEHEN[A-Z]*|CETYL|CETEARYL|LINOLE[A-Z]*|RICINOLE[A-Z]*)\b|^HYDROGENATED |^HYDROLYZED /

/**
 * Origin of a cosmetic ingredient from its INCI name: botanical (Latin binomial plus a plant part),
 * mineral or animal names are Natural; esters, ethoxylates and other derivatives of natural fats and
 * sugars are Semi-synthetic; the rest Synthetic.
 *
 * @example
 * inciOrigin('PRUNUS AMYGDALUS DULCIS OIL') // 'Natural'
 * inciOrigin('PEG-40 HYDROGENATED CASTOR OIL') // 'Semi-synthetic'
 */
export function inciOrigin(inci: string): Origin {
  if (NATURAL_INCI.has(inci)) return 'Natural'
  if (/^CI \d{5}$/.test(inci)) return 'Synthetic'
  const botanical = LATIN_SPECIES.test(inci) && BOTANICAL_PART.test(inci) && !PROCESSED_PREFIX.test(inci)
  if (botanical) return 'Natural'
  if (FATTY_DERIVATIVE.test(inci)) return 'Semi-synthetic'
  return 'Synthetic'
}

/**
 * True when an INCI name looks like a plant material (Latin binomial followed by a plant part).
 *
 * @example
 * isBotanical('LAVANDULA ANGUSTIFOLIA OIL') // true
 */
export function isBotanical(inci: string): boolean {
  return LATIN_SPECIES.test(inci) && BOTANICAL_PART.test(inci) && !PROCESSED_PREFIX.test(inci)
}

/**
 * @module
 * Tidies one piece of label text as written (an ingredient, an item of a "may contain" statement): white space
 * collapsed, bullets, footnote marks and stray end punctuation dropped.
 */
import { memoizeString } from '../memo.ts'
import { reading } from '../work-meter.ts'

// INCI abbreviations that end in a full stop.
const ABBREVIATION_END = /\b(?:denat|ext|hydrog|hydrol|spp|ssp|var)\.$/iu

/**
 * Tidies an ingredient as written: collapses white space, drops bullets, footnote stars and stray
 * end punctuation.
 *
 * @example
 * tidy('  *Sucre de canne  bio* .') // 'Sucre de canne bio'
 */
export const tidy = memoizeString(tidyOnce, 8192)

function tidyOnce(text: string): string {
  reading(text)
  const tidied = text
    // Footnote marks ("sucre de canne¹", "cocoa butter†") point at a sentence after the list.
    .replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰†‡§]+/gu, ' ')
    .replace(/[\s\u00a0\u3000]+/gu, ' ')
  const trimmed = trimEnds(tidied)
    .replace(/\s*\*+\s*/g, ' ')
    .trim()
  // A closing quote stays when it closes one ("tipo \"0\""), goes when it is stray.
  const quoted = trimmed.endsWith('"') && (trimmed.split('"').length - 1) % 2 === 1 ? withoutTrailing(trimmed, '"').trim() : trimmed
  // Abbreviations keep their full stop ("Alcohol Denat.", "Rosa Canina Fruit Ext.").
  return ABBREVIATION_END.test(`${quoted}.`) && endsWithFullStop(text) ? `${quoted}.` : quoted
}

const LEADING_JUNK = new Set([...' *•·.,;:_-–—\'"'])
const TRAILING_JUNK = new Set([...' *•·.,;:_-–—\''])

// Written as a scan: an end-anchored regex over a run of punctuation backtracks once per character of the run.
function trimEnds(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && LEADING_JUNK.has(text[start] ?? '')) start++
  while (end > start && TRAILING_JUNK.has(text[end - 1] ?? '')) end--
  return text.slice(start, end)
}

function withoutTrailing(text: string, ch: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === ch) end--
  return text.slice(0, end)
}

// "Alcohol Denat." with footnote stars or quotes after the full stop.
function endsWithFullStop(text: string): boolean {
  let end = text.length
  while (end > 0 && /[\s*'"]/u.test(text[end - 1] ?? '')) end--
  return text[end - 1] === '.'
}


/**
 * @module
 * E-numbers as the Union list writes them ("E 330", "E 450 (ix)", "E 338 - 452", "Group I"), reduced to
 * the number-and-letter codes the list authorises ("E330", "E160a"): a sub-variant in brackets is covered
 * by its code, so the list is kept at that level.
 */

/** A written range or group, tidied for look-up: spaces around the dash dropped, "group i" as "Group I". */
export function tidyWritten(written: string): string {
  const clean = written.replace(/[\s\u00a0]+/g, ' ').trim().replace(/\s*-\s*(?:E ?)?/g, '-').replace(/\s*\(\d+\)$/, '')
  return /^group /i.test(clean) ? `Group ${clean.slice(6).toUpperCase()}` : clean
}

/**
 * The code of a single written E-number, or undefined for a range, a group or anything else.
 *
 * @example
 * singleCode('E 450 (ix)') // 'E450'
 * singleCode('E 338-452') // undefined
 */
export function singleCode(written: string): string | undefined {
  const match = /^E ?(\d{3,4})([a-z])?(?: ?\((?:[ivx]+)\))?$/i.exec(tidyWritten(written))
  return match ? `E${match[1]}${(match[2] ?? '').toLowerCase()}` : undefined
}

/**
 * The numeric bounds of a written range ("E 551-559"), or undefined.
 *
 * @example
 * rangeBounds('E 551 - 559') // [551, 559]
 */
export function rangeBounds(written: string): [number, number] | undefined {
  const match = /^E ?(\d{3,4})-(\d{3,4})$/.exec(tidyWritten(written))
  return match ? [Number(match[1]), Number(match[2])] : undefined
}

/** The number of a code ("E160a" -> 160). */
export function codeNumber(code: string): number {
  return Number(/\d+/.exec(code)?.[0] ?? Number.NaN)
}

/**
 * The codes, ranges and groups one table cell writes ("E 420, E 421", "E 200-202; 214-219"); text that is
 * no code (a cell shifted by the scrape) is left out.
 *
 * @example
 * writtenParts('E 200-202; 214-219') // ['E 200-202', 'E 214-219']
 */
export function writtenParts(cell: string): string[] {
  return cell.split(/[,;\n]|(?<!-\s*)\s+(?=E ?\d)/).map((part) => tidyWritten(part.replace(/^\s*(\d)/, 'E $1'))).filter((part) => /^(?:E ?\d|Group )/.test(part))
}

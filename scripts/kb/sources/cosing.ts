/**
 * @module
 * Reads the CosIng exports: the 2020 inventory (INCI name, CAS, functions) and the Annex II–VI CSVs of
 * Regulation (EC) No 1223/2009 (4 title lines, header on line 5, multi-line quoted cells).
 */
import { readFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'

/** One INCI name of the CosIng inventory. */
export interface InciRow {
  inci: string
  cas?: string
  functions: string[]
}

/** One annex row, reduced to the columns the knowledge base uses. */
export interface AnnexRow {
  annex: 'II' | 'III' | 'IV' | 'V' | 'VI'
  entry: string
  chemicalName: string
  /** INCI / glossary names the row names explicitly (glossary column, "Identified INGREDIENTS", "INCI:" notes). */
  inciNames: string[]
  cas?: string
  productType?: string
  maxConcentration?: string
  conditions?: string
  labelWarning?: string
  regulation?: string
  cmr?: string
  sccsOpinions?: string
}

type CsvRecord = Record<string, string | undefined>

/**
 * Reads the CosIng inventory CSV (one header line).
 *
 * @example
 * readInventory('data/cosing/cosing_inventory_2020_inci_cas_function.csv')[0]?.inci
 */
export function readInventory(path: string): InciRow[] {
  const records = parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as CsvRecord[]
  return records.map((r) => ({
    inci: tidy(r['inci_name']),
    ...(tidy(r['cas_number']) ? { cas: tidy(r['cas_number']) } : {}),
    functions: tidy(r['function']).split(',').map((f) => f.trim()).filter((f) => f !== ''),
  })).filter((r) => r.inci !== '')
}

/**
 * Reads one annex CSV. `knownInci` lets the reader rejoin INCI names that contain commas
 * ("2,6-DIAMINOPYRIDINE") when splitting the comma-separated "Identified INGREDIENTS" column.
 *
 * @example
 * readAnnex('data/cosing/COSING_Annex_V_v2.csv', 'V', new Set(['DMDM HYDANTOIN']))
 */
export function readAnnex(path: string, annex: AnnexRow['annex'], knownInci: Set<string>): AnnexRow[] {
  const records = parse(readFileSync(path), {
    from_line: 5, columns: true, relax_column_count: true, skip_empty_lines: true,
  }) as CsvRecord[]
  const rows: AnnexRow[] = []
  for (const r of records) {
    const entry = tidy(r['Reference Number'])
    if (entry === '') continue
    const chemicalName = tidy(r['Chemical name / INN'] ?? r['Chemical name'])
    const glossary = tidy(r['Name of Common Ingredients Glossary'] ?? r['Colour index Number / Name of Common Ingredients Glossary'])
    const identified = tidy(r['Identified INGREDIENTS or substances e.g.'])
    // Moved or deleted entries stay in the export as tombstones; they restrict nothing any more.
    if (/moved or deleted/i.test(`${chemicalName} ${glossary}`)) continue
    const names = new Set<string>()
    // "CITRIC ACID (AND) SILVER CITRATE" names a blend: the row restricts the blend, not citric acid.
    const blend = /\(and\)/i.test(glossary)
    if (blend) names.add(tidy(glossary).toUpperCase())
    else for (const name of splitGlossary(glossary)) names.add(name)
    if (!blend) for (const name of splitIdentified(identified, knownInci)) names.add(name)
    for (const match of chemicalName.matchAll(/INCI:\s*([^)]+)\)/gi)) names.add(tidy(match[1]).toUpperCase())
    rows.push({
      annex,
      entry,
      chemicalName,
      inciNames: [...names].filter((n) => n !== '' && n !== '-'),
      ...optional('cas', r['CAS Number']),
      ...optional('productType', r['Product Type, body parts']),
      ...optional('maxConcentration', r['Maximum concentration in ready for use preparation']),
      ...optional('conditions', r['Other']),
      ...optional('labelWarning', r['Wording of conditions of use and warnings']),
      ...optional('regulation', r['Regulation']),
      ...optional('cmr', r['CMR']),
      ...optional('sccsOpinions', r['SCCS opinions']),
    })
  }
  return rows
}

/** Collapses white space (the exports carry soft hyphens, non-breaking spaces and stray line breaks). */
export function tidy(value: string | undefined): string {
  return (value ?? '').replace(/\u00ad/g, '').replace(/[\s\u00a0]+/g, ' ').trim()
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  const text = tidy(value)
  return text === '' || text === '-' ? {} : ({ [key]: text } as Record<K, string>)
}

/** Glossary cells separate names with ";" or " / " (INCI names themselves contain "/" without spaces). */
function splitGlossary(glossary: string): string[] {
  const out: string[] = []
  for (const part of glossary.split(/;|\s\/\s?|\s?\/\s/)) {
    // Annex IV writes "TITANIUM DIOXIDE/CI 77891": split the colour index off the name.
    const ci = /^(.*?)\/?\s*(CI \d{5})$/.exec(part.trim())
    if (ci) {
      if (ci[1]) out.push(tidy(ci[1]).toUpperCase())
      out.push(ci[2]!)
    } else {
      out.push(tidy(part).toUpperCase())
    }
  }
  return out.filter((n) => n.length > 1)
}

/** "Identified INGREDIENTS" is comma-separated, but INCI names may contain commas: rejoin known names. */
function splitIdentified(cell: string, knownInci: Set<string>): string[] {
  const pieces = cell.split(',').map((p) => p.trim())
  const out: string[] = []
  let i = 0
  while (i < pieces.length) {
    let taken = 1
    for (let j = Math.min(pieces.length, i + 6); j > i + 1; j--) {
      if (knownInci.has(pieces.slice(i, j).join(',').toUpperCase())) {
        taken = j - i
        break
      }
    }
    const name = tidy(pieces.slice(i, i + taken).join(',')).toUpperCase()
    if (name !== '') out.push(name)
    i += taken
  }
  return out
}

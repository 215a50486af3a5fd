/**
 * @module
 * Carries Open Food Facts' ingredient and allergen test cases over as data: each label text with OFF's own
 * answers (the texts of its top-level ingredients, its allergen and trace tags mapped to the EU's fourteen).
 * Reads the test files from a git snapshot of openfoodfacts-server with `git show`; their Perl data literals
 * are evaluated by Perl's core Safe compartment (data only: no calls, no I/O), then written as JSON.
 * Usage: node scripts/off/port-tests.ts <git dir of the snapshot> [commit] > data/off-tests/cases.json
 * The snapshot used, its licence and the attribution are in data/SOURCES.md.
 */
import { execFileSync } from 'node:child_process'

const [gitDir, commit = 'HEAD'] = process.argv.slice(2)
if (gitDir === undefined) throw new Error('usage: node scripts/off/port-tests.ts <git dir> [commit]')

const show = (path: string) => execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 26 })

// Perl evaluates the literal in a Safe compartment and prints it as canonical JSON (Perl's own data syntax
// has no maintained JavaScript reader).
const PERL_LITERAL = `
use strict; use utf8; use Safe; use JSON::PP;
binmode STDIN, ':encoding(UTF-8)';
local $/; my $code = <STDIN>;
my $value = Safe->new->reval($code);
die "not a literal: $@" if $@ or !defined $value;
print JSON::PP->new->utf8->canonical->encode($value);
`
function perlLiteral(code: string): unknown {
  return JSON.parse(execFileSync('perl', ['-e', PERL_LITERAL], { input: code, encoding: 'utf8', maxBuffer: 1 << 26 })) as unknown
}

/** The `my @tests = ( … );` list of a test file. */
function testList(file: string): unknown[] {
  const text = show(file)
  const match = /\nmy @tests = \(\n([\s\S]*?)\n\);\n/.exec(text)
  if (!match?.[1]) throw new Error(`${file}: no @tests list`)
  return perlLiteral(`[${match[1]}]`) as unknown[]
}

// OFF's allergen tags that are the EU's fourteen (Regulation (EU) No 1169/2011, Annex II), by this project's family names.
const EU_FAMILY: Readonly<Record<string, string>> = {
  'en:gluten': 'gluten', 'en:crustaceans': 'crustaceans', 'en:eggs': 'eggs', 'en:fish': 'fish', 'en:peanuts': 'peanuts',
  'en:soybeans': 'soybeans', 'en:milk': 'milk', 'en:nuts': 'nuts', 'en:celery': 'celery', 'en:mustard': 'mustard',
  'en:sesame-seeds': 'sesame', 'en:sulphur-dioxide-and-sulphites': 'sulphites', 'en:lupin': 'lupin', 'en:molluscs': 'molluscs',
}
const families = (tags: unknown): string[] | undefined =>
  Array.isArray(tags) ? [...new Set(tags.map((t) => EU_FAMILY[String(t)]).filter((f): f is string => f !== undefined))].sort() : undefined

interface Product { lc?: string; ingredients_text?: string; allergens?: string; traces?: string; [key: string]: unknown }
interface Case { id: string; source: string; language: string; text: string; topLevel?: string[]; allergens?: string[]; traces?: string[] }

const labelText = (p: Product) => String(p[`ingredients_text_${p.lc ?? ''}`] ?? p.ingredients_text ?? '')
// Allergens or traces typed into their own fields by a contributor are not in the label text: such cases are left out.
const typedTags = (p: Product) => p.allergens !== undefined || p.traces !== undefined

const cases: Case[] = []
function add(source: string, index: number, product: Product, answers: Omit<Case, 'id' | 'source' | 'language' | 'text'>): void {
  const text = labelText(product)
  if (text.trim() === '' || typedTags(product) || product.lc === undefined) return
  cases.push({ id: `${source.replace(/^tests\/(?:unit|integration)\/(?:expected_test_results\/)?/, '').replace(/\.(?:t|json)$/, '')}#${index + 1}`, source, language: product.lc, text, ...answers })
}

const topLevel = (ingredients: unknown) => (ingredients as { text: string }[]).map((i) => i.text)

// [product, expected top-level ingredients]
for (const source of ['tests/unit/ingredients_processing.t', 'tests/unit/ingredients_nesting.t', 'tests/unit/ingredients_percent.t']) {
  testList(source).forEach((test, i) => {
    const [product, expected] = test as [Product, unknown]
    add(source, i, product, { topLevel: topLevel(expected) })
  })
}

// [product, allergen tags, trace tags (optional)]
testList('tests/unit/allergens_tags.t').forEach((test, i) => {
  const [product, allergens, traces] = test as [Product, unknown, unknown]
  add('tests/unit/allergens_tags.t', i, product, { allergens: families(allergens), ...(traces === undefined ? {} : { traces: families(traces) }) })
})

// [id, product], answered by expected_test_results/ingredients/<id>.json
testList('tests/unit/ingredients.t').forEach((test, i) => {
  const [name, product] = test as [string, Product]
  const expected = JSON.parse(show(`tests/unit/expected_test_results/ingredients/${name}.json`)) as { ingredients?: unknown }
  if (Array.isArray(expected.ingredients)) add('tests/unit/ingredients.t', i, product, { topLevel: topLevel(expected.ingredients) })
})

// [product, tags of every ingredient at every level, top level first]: with no bracket and no colon in the text
// OFF nests nothing, so the tags are its top-level ingredients; other cases are left out.
testList('tests/unit/ingredients_tags.t').forEach((test, i) => {
  const [product, tags] = test as [Product, unknown]
  if (!Array.isArray(tags) || /[()[\]{}:：（）]/u.test(labelText(product))) return
  add('tests/unit/ingredients_tags.t', i, product, { topLevel: tags.map(String) })
})

// Products of other tests (unit and integration) whose ingredient lists OFF parsed from their text: the parsed
// lists are in the expected results.
const listing = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '--name-only', commit, 'tests/'], { encoding: 'utf8' }).split('\n')
const resultFiles = listing.filter((f) => /\/expected_test_results\/(?!ingredients\/)[^/]+\/[^/]+\.json$/.test(f))
resultFiles.forEach((file, i) => {
  const json = JSON.parse(show(file)) as (Product & { ingredients?: unknown; product?: Product & { ingredients?: unknown } }) | unknown[]
  if (Array.isArray(json)) return
  const product = json.product ?? json
  if (Array.isArray(product.ingredients) && product.ingredients.length > 0) add(file, i, product, { topLevel: topLevel(product.ingredients) })
})

// allergens.t is a sequence of products, each followed by the tags it must get.
{
  const source = 'tests/unit/allergens.t'
  const blocks = show(source).split(/\n(?:my )?\$product_ref = /).slice(1)
  blocks.forEach((block, i) => {
    const literal = /^(\{[\s\S]*?\n\});/.exec(block)?.[1]
    if (literal === undefined) return
    const product = perlLiteral(literal) as Product
    const tags = (field: string) => {
      const found = new RegExp(`is_deeply\\(\\s*\\$product_ref->\\{${field}\\},\\s*(\\[[\\s\\S]*?\\])\\s*\\)`).exec(block)?.[1]
      return found === undefined ? undefined : families(perlLiteral(found))
    }
    const allergens = tags('allergens_tags')
    if (allergens === undefined) return
    const traces = tags('traces_tags')
    add(source, i, product, { allergens, ...(traces === undefined ? {} : { traces }) })
  })
}

// The same label in two tests is one case: the answers are merged.
const byLabel = new Map<string, Case>()
for (const found of cases) {
  const key = `${found.language}\u0000${found.text}`
  const known = byLabel.get(key)
  byLabel.set(key, known ? { ...found, ...known } : found)
}
process.stdout.write(`${JSON.stringify([...byLabel.values()], null, 1)}\n`)

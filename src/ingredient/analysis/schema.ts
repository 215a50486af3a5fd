/**
 * @module
 * The /analyze request and response schemas (seed contract plus additive extensions). The route
 * validates with them and /openapi.json is generated from them.
 */
import { z } from '@hono/zod-openapi'
import { EXPERTISE_LEVELS, LANGUAGES, SKIN_TYPES } from '../profile.ts'
import { COSMETIC_USES, PRODUCT_TYPES } from '../resolve/index.ts'

/** Limits of one request, documented in docs/analyze.md. */
export const LIMITS = {
  ingredientsChars: 10_000,
  productNameChars: 200,
  allergies: 50,
  allergyChars: 100,
  parsedIngredients: 300,
  bodyBytes: 64 * 1024,
} as const

// Text arrives from OCR and people: an unpaired surrogate becomes U+FFFD (it has no UTF-8 form, so storage such as
// the KV cache key would refuse it), and everything is NFC, so the text echoed back is canonical. Matching against
// the knowledge base and the allergen lists folds further (NFKC, case, accents: knowledge/normalize.ts).
const LONE_SURROGATE = /\p{Cs}/gu
const text = () => z.string().overwrite((value) => value.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC'))

export const AnalyzeRequestSchema = z
  .object({
    // No zod default: the summary must know that no name was given; the answer names 'Unknown Product' then.
    product_name: text().max(LIMITS.productNameChars).optional().openapi({ example: 'Crème hydratante', default: 'Unknown Product' }),
    ingredients: text()
      .max(LIMITS.ingredientsChars)
      .refine((value) => value.trim().length > 0, { message: 'ingredients must not be empty' })
      .openapi({ example: 'Aqua, Glycerin, Parfum, Linalool' }),
    allergies: z.array(text().max(LIMITS.allergyChars)).max(LIMITS.allergies).optional().default([]).openapi({ example: ['milk'] }),
    skin_type: z.enum(SKIN_TYPES).optional(),
    expertise: z.enum(EXPERTISE_LEVELS).optional(),
    // Extension.
    product_type: z.enum(PRODUCT_TYPES).optional().openapi({
      description: 'Whether the list is a food or a cosmetic; overrides what the list itself suggests. See docs/analyze.md, "Food or cosmetic".',
    }),
    // Extension.
    use: z.enum(COSMETIC_USES).optional().openapi({
      description: 'Whether the cosmetic stays on the skin or is rinsed off; otherwise read from product_name, else judged as leave-on. Implies a cosmetic unless product_type says food. See docs/analyze.md, "Leave-on or rinse-off".',
    }),
    // Extension.
    language: z.enum(LANGUAGES, { message: `language must be one of ${LANGUAGES.join(', ')}` }).optional().openapi({
      description: 'The language of every sentence of the answer; otherwise the best match of Accept-Language, else English. See docs/analyze.md, "The reader\'s language".',
      example: 'fr',
    }),
  })
  .openapi('AnalyzeRequest')

export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>

const SourceSchema = z.enum(['curated', 'regulatory', 'taxonomy', 'model', 'unknown'])
const ReferenceSchema = z.object({ label: z.string(), url: z.string().optional() })

// Extension: an unknown name read as the known name a misreading explains (docs/analyze.md, "Near matches").
const MatchedAsSchema = z
  .object({
    name: z.string().openapi({ description: 'The known name, as the knowledge base indexes it (lower case).', example: 'sodium laureth sulfate' }),
    distance: z.number().int().min(0).openapi({ description: 'Edits between the two: a letter dropped, added, changed or swapped; a look-alike pair such as rn for m is one edit; "sulph" for "sulf" and a hyphen between spaces are none.', example: 1 }),
  })
  .openapi('MatchedAs', { description: 'Present only when the name as written is not in the knowledge base and was read as this near name.' })

export const SubIngredientSchema = z
  .object({
    name: z.string(),
    canonical_name: z.string().nullable(),
    source: SourceSchema,
    safety_score: z.number(),
    e_number: z.string().optional(),
    percentage: z.number().optional(),
    allergen_families: z.array(z.string()),
    matched_as: MatchedAsSchema.optional(),
  })
  .openapi('SubIngredient')

export const IngredientDetailSchema = z
  .object({
    name: z.string(),
    purpose: z.string(),
    safety_score: z.number().min(1).max(10),
    risk_level: z.enum(['low', 'medium', 'high']),
    concerns: z.string(),
    recommendation: z.enum(['SAFE', 'CAUTION', 'AVOID']),
    origin: z.enum(['Natural', 'Synthetic', 'Semi-synthetic']),
    category: z.enum(['Food', 'Cosmetics', 'Both']),
    allergy_risk: z.enum(['high', 'low']),
    is_allergen_match: z.boolean(),
    alternatives: z.array(z.string()),
    // Extensions.
    canonical_name: z.string().nullable().openapi({ description: 'The knowledge-base entry the name resolved to; null when unresolved.' }),
    source: SourceSchema.openapi({ description: 'Where the assessment comes from.' }),
    references: z.array(ReferenceSchema),
    allergen_families: z.array(z.string()).openapi({ description: 'Allergen families of the ingredient and its sub-ingredients.' }),
    e_number: z.string().optional(),
    inci: z.string().optional(),
    percentage: z.number().optional(),
    matched_as: MatchedAsSchema.optional(),
    display_name: z.string().optional().openapi({ description: 'The entry\'s common name in the answer\'s language, from the Open Food Facts taxonomies, when they have one; `name` stays as the label printed it.', example: 'lait écrémé en poudre' }),
    sub_ingredients: z.array(SubIngredientSchema).optional().openapi({ description: 'All sub-ingredients of a compound ingredient, depth first. A category of foods printed with its members ("vegetable oils (sunflower, rapeseed)") is one compound; an allergen in a sub-ingredient makes the compound match the reader\'s allergy, with a warning naming it.' }),
  })
  .openapi('IngredientDetail')

export type IngredientDetail = z.infer<typeof IngredientDetailSchema>
export type SubIngredient = z.infer<typeof SubIngredientSchema>

const DietVerdictSchema = z.enum(['yes', 'no', 'maybe', 'unknown'])

// Extension: Open Food Facts' verdicts for the list (docs/analyze.md, "Vegan, vegetarian, palm oil").
const DietSchema = z
  .object({
    vegan: DietVerdictSchema,
    vegetarian: DietVerdictSchema,
    palm_oil: DietVerdictSchema.openapi({ description: '`yes` when an ingredient is or comes from palm oil.' }),
    because: z.object({ vegan: z.array(z.string()), vegetarian: z.array(z.string()), palm_oil: z.array(z.string()) }).openapi({
      description: 'The ingredients that decided each verdict, as the label names them (none for a vegan or vegetarian `yes`, or a palm-oil `no`).',
      example: { vegan: ['lait écrémé en poudre'], vegetarian: [], palm_oil: ['huile de palme'] },
    }),
  })
  .openapi('Diet', { description: 'Vegan, vegetarian, palm oil, by Open Food Facts\' ingredient properties and its rule for a list.' })

export const AnalysisResponseSchema = z
  .object({
    success: z.boolean(),
    product_name: z.string(),
    overall_risk: z.enum(['low', 'medium', 'high', 'unknown']),
    average_safety_score: z.number(),
    summary: z.string(),
    allergen_warnings: z.array(z.string()),
    ingredients: z.array(IngredientDetailSchema),
    execution_time: z.number().openapi({ description: 'Seconds (float).' }),
    error: z.string().nullable().optional(),
    // Extensions.
    may_contain: z.array(z.string()).optional().openapi({ description: 'What "may contain" / "traces" statements name; not analysed as ingredients.' }),
    product_type: z.enum([...PRODUCT_TYPES, 'ambiguous']).optional().openapi({
      description: 'The kind every ingredient was judged as: the request\'s product_type, or read from the list; `ambiguous` when the list tells neither, and the wording then covers both uses.',
    }),
    use: z.enum(['food', ...COSMETIC_USES]).optional().openapi({
      description: 'The use every ingredient was judged for by EU law: `food` on a food label, else `leave_on` or `rinse_off` (the request\'s use, or read from product_name, else leave-on). See docs/analyze.md, "Leave-on or rinse-off".',
    }),
    diet: DietSchema.optional(),
    language: z.enum(LANGUAGES).optional().openapi({ description: 'The language the sentences are written in (also the Content-Language header).', example: 'en' }),
    declared_allergens: z.array(z.string()).optional().openapi({
      description: 'What the label\'s own allergen statements name ("Contains: milk, soy", "（一部に小麦・大豆を含む）"); matched against the allergies, not analysed as ingredients.',
    }),
  })
  .openapi('AnalysisResponse')

export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>

export const AnalysisErrorSchema = AnalysisResponseSchema.extend({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  request_id: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
}).openapi('AnalysisError')

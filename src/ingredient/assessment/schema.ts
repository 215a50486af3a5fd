/**
 * @module
 * The answer a text model must give when it assesses ingredients the knowledge base does not know,
 * and its conversion to a knowledge entry marked source "model".
 */
import { z } from 'zod'
import type { AllergenFamily, IngredientTag, KnowledgeEntry } from '../knowledge/index.ts'
import { modelReference } from '../wording/index.ts'

const FAMILIES = [
  'gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites',
  'lupin', 'molluscs', 'fragrance',
] as const satisfies readonly AllergenFamily[]

// The tags the skin-type rules read; a model may set the ones that apply.
const TAGS = [
  'fragrance', 'fragrance_allergen', 'essential_oil', 'denatured_alcohol', 'drying_alcohol', 'comedogenic', 'strong_surfactant',
  'humectant', 'emollient', 'occlusive', 'exfoliant_acid', 'retinoid', 'preservative', 'formaldehyde_releaser',
] as const satisfies readonly IngredientTag[]

export const ModelAssessmentSchema = z.object({
  name: z.string().min(1).max(200).describe('The ingredient exactly as it was given'),
  known: z.boolean().describe('false if you do not recognise the ingredient'),
  english_name: z.string().max(200).describe('Its usual English or INCI name'),
  purpose: z.string().max(200).describe('What it does in a product, in a few words'),
  category: z.enum(['Food', 'Cosmetics', 'Both']),
  origin: z.enum(['Natural', 'Synthetic', 'Semi-synthetic']),
  hazard: z.enum(['none', 'low', 'moderate', 'high']).describe('Intrinsic concern at normal use'),
  concerns: z.array(z.string().max(300)).max(3).describe('Plain sentences; empty if none'),
  allergen_families: z.array(z.enum(FAMILIES)).max(5),
  tags: z.array(z.enum(TAGS)).max(6),
  alternatives: z.array(z.string().max(100)).max(3),
})

export const ModelAnswerSchema = z.object({ assessments: z.array(ModelAssessmentSchema).max(50) })

export type ModelAssessment = z.infer<typeof ModelAssessmentSchema>

/**
 * Turns a model's assessment into a knowledge entry. An unverified assessment never claims "no
 * hazard": `none` is read as `low`, so a model answer scores at most 8.
 *
 * @example
 * toModelEntry(assessment, '@cf/meta/llama-3.3-70b-instruct-fp8-fast').source // 'model'
 */
export function toModelEntry(assessment: ModelAssessment, modelId: string): KnowledgeEntry {
  return {
    id: `model:${assessment.name}`,
    name: assessment.english_name || assessment.name,
    category: assessment.category,
    origin: assessment.origin,
    purposes: assessment.purpose ? [assessment.purpose] : [],
    source: 'model',
    hazard: assessment.hazard === 'none' ? 'low' : assessment.hazard,
    concerns: assessment.concerns,
    annexes: [],
    allergenFamilies: [...new Set(assessment.allergen_families)],
    tags: [...new Set(assessment.tags)],
    alternatives: assessment.alternatives,
    references: [{ label: modelReference(modelId) }],
  }
}

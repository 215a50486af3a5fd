/**
 * @module
 * Asks a Workers AI text model to assess a batch of unknown ingredients in one call, through the `ai`
 * SDK with a zod-checked structured answer.
 */
import { generateText, Output } from 'ai'
import { workersAiModel } from '../ai/index.ts'
import { ModelAnswerSchema, type ModelAssessment } from './schema.ts'

const INSTRUCTIONS = [
  'You are a cautious cosmetic and food-safety assistant.',
  'For each ingredient name you are given (it may be in any language), return one assessment.',
  'Set "name" to the ingredient exactly as given. If you do not recognise it, set known to false, hazard to "moderate" and say so in concerns.',
  'Judge hazard at normal use in consumer products: none, low, moderate or high. Prefer the more cautious level when unsure.',
  'List only allergen families and tags that clearly apply. Keep every sentence short and factual.',
].join(' ')

/**
 * Assesses `names` in one model call. Throws on a binding error, a time-out or an answer that does
 * not match the schema; the caller decides what a failure means.
 *
 * @example
 * const found = await assessWithModel(env.AI, ingredientConfig(env).textModel, ['extrait de yuzu'], AbortSignal.timeout(8000))
 */
export async function assessWithModel(binding: Ai, modelId: string, names: readonly string[], signal: AbortSignal): Promise<Map<string, ModelAssessment>> {
  const { output } = await generateText({
    model: workersAiModel(binding, modelId),
    system: INSTRUCTIONS,
    prompt: `Ingredients:\n${names.map((name) => `- ${name}`).join('\n')}`,
    output: Output.object({ schema: ModelAnswerSchema, name: 'ingredient_assessments' }),
    temperature: 0,
    maxRetries: 0,
    abortSignal: signal,
  })
  const wanted = new Set(names)
  const found = new Map<string, ModelAssessment>()
  for (const assessment of output.assessments) {
    // Only answers about names that were asked, and only those the model says it recognises.
    if (wanted.has(assessment.name) && assessment.known) found.set(assessment.name, assessment)
  }
  return found
}

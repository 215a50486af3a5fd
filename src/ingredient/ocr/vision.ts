/**
 * @module
 * The one call to the vision model: the label image plus instructions in, a structured reading of
 * its ingredient section out. Nothing here is trusted yet; postprocess.ts cleans it.
 */
import { generateText, NoObjectGeneratedError, NoOutputGeneratedError, Output } from 'ai'
import { z } from 'zod'
import { workersAiModel } from '../ai/index.ts'
import type { DecodedImage } from './image.ts'

/** The five things the model is asked for. */
export const LabelReading = z.object({
  found: z.boolean().describe('true when the image shows an ingredient list (food, cosmetic or other product)'),
  header: z.string().describe('the ingredient-section header exactly as printed, e.g. "INGREDIENTS:", "Zutaten:", "原材料名"; "" when none'),
  language: z.string().describe('ISO 639-1 code of the label language, e.g. "en", "fr", "ja"'),
  original_text: z.string().describe('the ingredient section exactly as printed, header included, in the label language; "" when none'),
  english_text: z.string().describe('the same ingredient section translated into English, comma-separated; "" when none'),
})

export type LabelReading = z.infer<typeof LabelReading>

export const VISION_INSTRUCTIONS = [
  'You read product labels. Find the ingredient section of the label in the image.',
  'It starts with a header in the label language, for example: Ingredients / INGREDIENTS (English),',
  'Ingrédients / COMPOSITION (French), Ingredientes (Spanish, Portuguese), Inhaltsstoffe / Zutaten (German),',
  'Ingredienti (Italian), 原材料名 / 全成分 (Japanese), 원재료명 / 전성분 (Korean), 配料 / 配料表 / 成分 (Chinese).',
  'Transcribe the whole section exactly as printed, every ingredient, percentages and parentheses included,',
  'even when it is long. Then translate it into English, keeping the order and one English name per ingredient,',
  'separated by commas. Translate a cross-contact statement ("may contain", "traces of", "made in a facility that")',
  'as its own sentence starting with "May contain". Do not add ingredients that are not printed.',
  'If there is no ingredient section, set found to false and leave the texts empty.',
  'Answer with the JSON object only.',
].join(' ')

/** Raised when the model answered twice without a valid structured reading. */
export class InvalidReadingError extends Error {
  constructor(cause: unknown) {
    super('The vision model did not return a valid structured answer.', { cause })
    this.name = 'InvalidReadingError'
  }
}

export interface ReadLabelOptions {
  binding: Ai
  modelId: string
  signal: AbortSignal
  /** Total attempts when the answer is invalid; 2 means one retry. */
  attempts?: number
}

// Ingredient lists of cosmetics run to 60+ entries; original plus translation needs room.
const MAX_OUTPUT_TOKENS = 4096

function isInvalidAnswer(err: unknown): boolean {
  return NoObjectGeneratedError.isInstance(err) || NoOutputGeneratedError.isInstance(err)
}

/**
 * Asks the vision model for the label's ingredient section. Retries once when the answer does not
 * match the schema; any other failure (binding, abort) is thrown as is for the caller to classify.
 *
 * @example
 * const reading = await readLabel(image, { binding: env.AI, modelId: ingredientConfig(env).visionModel, signal })
 * reading.english_text // 'Sugar, cocoa butter, whole milk powder'
 */
export async function readLabel(image: DecodedImage, options: ReadLabelOptions): Promise<LabelReading> {
  const attempts = options.attempts ?? 2
  let lastError: unknown
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const result = await generateText({
        model: workersAiModel(options.binding, options.modelId),
        output: Output.object({ schema: LabelReading, name: 'label_reading' }),
        instructions: VISION_INSTRUCTIONS,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Read the ingredient section of this label.' },
              { type: 'image', image: image.bytes, mediaType: image.mediaType },
            ],
          },
        ],
        temperature: 0,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        // Retries are decided here (invalid answers only); a dead binding must fail fast.
        maxRetries: 0,
        abortSignal: options.signal,
      })
      // The getter throws NoOutputGeneratedError when the model produced nothing usable.
      return result.output
    } catch (err) {
      if (!isInvalidAnswer(err)) throw err
      lastError = err
    }
  }
  throw new InvalidReadingError(lastError)
}

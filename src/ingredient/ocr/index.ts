/**
 * @module
 * POST /ocr's pipeline: decode the image, ask the vision model within a deadline, clean its answer.
 */
import { withDeadline } from '../../lib/deadline.ts'
import { ingredientConfig, type IngredientSettings } from '../config.ts'
import { isDeadBindingError, visionAvailability } from './availability.ts'
import { visionFailure, visionUnavailable, VisionTimeoutError } from './failures.ts'
import { checkImageBytes, decodeImage } from './image.ts'
import { cleanReading, type LabelText } from './postprocess.ts'
import { InvalidReadingError, readLabel } from './vision.ts'

export { NO_INGREDIENT_LIST, type LabelText } from './postprocess.ts'
export { probeVision, type VisionReport, type VisionStatus } from './availability.ts'
export { base64Length, imageTooLarge, megabytes } from './image.ts'

/**
 * Reads the ingredient list off a label photo: base64 (the JSON `image` field) or the bytes as sent. Throws ApiError 400/413 for a bad image, 503 when no
 * vision model is reachable or it misbehaves, 504 at the deadline; an image without an ingredient
 * list is not an error here (`text` is empty).
 *
 * @example
 * const label = await extractIngredients(env, body.image)
 * label.text // 'sugar, cocoa butter, whole milk powder'
 */
export async function extractIngredients(env: IngredientSettings & { AI?: Ai }, sent: string | Uint8Array): Promise<LabelText> {
  const settings = ingredientConfig(env)
  const image = typeof sent === 'string' ? decodeImage(sent, settings.ocrMaxImageBytes) : checkImageBytes(sent, settings.ocrMaxImageBytes)
  const binding = env.AI
  const model = settings.visionModel
  const answer = { production: settings.production }
  if (!binding) throw visionUnavailable(new Error('No AI binding is configured.'), answer)
  const recalled = visionAvailability.recall(binding, model)
  if (recalled?.status === 'unavailable') throw visionUnavailable(recalled.reason, answer)
  try {
    const reading = await withDeadline(
      settings.ocrTimeoutMs,
      (signal) => readLabel(image, { binding, modelId: model, signal }),
      () => new VisionTimeoutError(settings.ocrTimeoutMs),
    )
    visionAvailability.markAvailable(binding, model)
    return cleanReading(reading)
  } catch (err) {
    // A model that talks nonsense is still a model: only a dead binding is remembered as unavailable.
    if (err instanceof InvalidReadingError) visionAvailability.markAvailable(binding, model)
    else if (isDeadBindingError(err)) visionAvailability.markUnavailable(binding, model, err instanceof Error ? err.message : String(err))
    throw visionFailure(err, answer)
  }
}

/**
 * @module
 * The ingredient worker's HTTP layer: one file per endpoint group, and the error bodies (errors.ts). Routes validate, call the analysis or the OCR pipeline, and shape the answer.
 */
export { analyzeRoutes } from './analyze.ts'
export { renderIngredientError } from './errors.ts'
export { healthRoutes } from './health.ts'
export { ocrRoutes } from './ocr.ts'

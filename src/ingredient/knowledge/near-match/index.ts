/**
 * @module
 * Near matches: an unknown name read as the known name a misreading explains.
 */
export { nearMatch, nearMatchBound, SHORTEST_NEAR_MATCH, type NearMatch } from './near-match.ts'
export { ocrDistance, OCR_COSTS, UNIT_COSTS, type EditCosts } from './ocr-distance.ts'

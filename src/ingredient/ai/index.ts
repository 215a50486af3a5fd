/**
 * @module
 * The Workers AI binding for the `ai` SDK, and the memory of whether a model was reachable lately, shared by the vision model (ocr/) and the text model (assessment/).
 */
export { availabilityMemory } from './availability.ts'
export { workersAiModel } from './workers-ai.ts'

/**
 * @module
 * The analysis of a label for one reader (POST /analyze without its HTTP): parse the text (parser/), resolve each ingredient against the knowledge base (resolve/), ask the assessor about the unknown ones, judge each for this reader (scoring/, personalise/), word it (wording/) and build the answer. No bindings: the route brings the knowledge base and the assessor.
 */
export { analyzeLabel, DEFAULT_PRODUCT_NAME, parseLabel, type AnalysisBody, type AnalysisInput, type AnalysisOutcome, type Assessor } from './analyze.ts'
export { AnalysisErrorSchema, AnalysisResponseSchema, AnalyzeRequestSchema, type IngredientDetail, LIMITS } from './schema.ts'

/**
 * @module
 * The Workers AI language-model provider for the `ai` SDK, built on the worker's AI binding.
 * Tests replace the binding (not this code) with recorded model outputs.
 */
import { createWorkersAI } from 'workers-ai-provider'

/**
 * Returns a model for `generateText` backed by the AI binding.
 *
 * @example
 * const model = workersAiModel(env.AI, ingredientConfig(env).visionModel)
 */
export function workersAiModel(binding: Ai, modelId: string) {
  const workersai = createWorkersAI({ binding })
  return workersai(modelId as Parameters<typeof workersai>[0])
}

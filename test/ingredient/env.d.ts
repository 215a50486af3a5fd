// The ingredient tests see the ingredient worker's bindings and exports only.
import type { IngredientEnv } from '../../src/ingredient/env'
import type * as worker from '../../src/ingredient/index'

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof worker
    }
    interface Env extends IngredientEnv {
      /** Test-only: content hash of the knowledge base's inputs, computed by vitest.config.ts. */
      KB_INPUT_HASH: string
    }
  }
}

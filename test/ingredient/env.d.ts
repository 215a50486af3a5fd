// The ingredient tests see the ingredient worker's bindings and exports only.
import type { IngredientEnv } from '../../src/ingredient/env'
import type * as worker from '../../src/ingredient/index'

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof worker
    }
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the worker's bindings into Cloudflare.Env
    interface Env extends IngredientEnv {}
  }
}

// The ingredient tests see the ingredient worker's bindings and exports only (src/ingredient/worker-configuration.d.ts
// declares them for cloudflare:test).

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only: content hash of the knowledge base's inputs, computed by vitest.config.ts. */
      KB_INPUT_HASH: string
    }
  }
}

export {}

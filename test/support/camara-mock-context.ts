// What the CAMARA mock (camara-mock.ts, a vitest globalSetup on the Node side) hands to the tests in workerd.

/** The key under which the mock's address is provided (vitest `provide`/`inject`). */
export const CAMARA_MOCK = 'camaraMock'

/**
 * The mock's origin. Under it, `/<behaviour>/sim-swap/v2/...` and `/<behaviour>/device-swap/v1/...` reach Prism
 * serving the CAMARA specifications; the behaviour chooses the answer: `spec` (Prism's first example), `404` or
 * `422` (Prism's error examples), `500` (a gateway down), `malformed` (an answer of another shape), `hang` (never answers). `/token` is the OAuth2 token endpoint, `/calls` and
 * `/tokens` count what the worker asked.
 */
export interface CamaraMockContext {
  origin: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    [CAMARA_MOCK]: CamaraMockContext
  }
}

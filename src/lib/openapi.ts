/**
 * @module
 * Serves a worker's OpenAPI document (generated from its route schemas) and a Swagger UI page for it.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { html } from 'hono/html'

// The page is written here rather than by @hono/swagger-ui, whose page has an inline script without a nonce
// and CDN files without integrity hashes, so it cannot run under a strict CSP.
// Swagger UI loads from this CDN, pinned to one release and checked by Subresource Integrity (the hashes
// are of the swagger-ui-dist 5.35.0 files on npm, which the CDN serves unchanged). Bundling it instead
// would add about 1.5 MB to each worker for a page only developers open.
const SWAGGER_UI = 'https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.35.0'
const SWAGGER_UI_CSS = { url: `${SWAGGER_UI}/swagger-ui.css`, integrity: 'sha384-WlYgdmXYOOBWL5apwjDEZwN+U3HmXSSu5R6V5aGxEcf7z+KuRNwBhoxKVN1i3D5I' }
const SWAGGER_UI_JS = { url: `${SWAGGER_UI}/swagger-ui-bundle.js`, integrity: 'sha384-gjRm0bEPMeTmMh5jT2cHccIwCUZSTd8YC+j0d0sXw0MdGEfScduGpSyF3ZSSLkX9' }

/** The docs page's CSP: the two pinned CDN files, the page's own start-up script (by nonce), calls to this worker only. */
function docsContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${SWAGGER_UI_JS.url}`,
    `style-src ${SWAGGER_UI_CSS.url}`,
    // Swagger UI draws its icons as data: SVGs.
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

function docsPage(title: string, nonce: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="${SWAGGER_UI_CSS.url}" integrity="${SWAGGER_UI_CSS.integrity}" crossorigin="anonymous" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${SWAGGER_UI_JS.url}" integrity="${SWAGGER_UI_JS.integrity}" crossorigin="anonymous"></script>
    <script nonce="${nonce}">
      window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' })
    </script>
  </body>
</html>`
}

/**
 * Adds `GET /openapi.json` and `GET /docs`.
 *
 * @example
 * mountOpenApi(app, { title: 'Fraud decision service', version: '1.0.0' })
 */
export function mountOpenApi<E extends Env>(app: OpenAPIHono<E>, info: { title: string; version: string; description: string }): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' })
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'MIT', url: 'https://opensource.org/license/mit' } },
    // Relative: the worker that serves this document, wherever it is deployed (and what /docs calls).
    servers: [{ url: '/', description: 'This worker' }],
  })
  app.get('/docs', (c) => {
    const nonce = newNonce()
    // The shared security headers keep this CSP (they never overwrite a page's own).
    c.header('Content-Security-Policy', docsContentSecurityPolicy(nonce))
    return c.html(docsPage(info.title, nonce))
  })
}

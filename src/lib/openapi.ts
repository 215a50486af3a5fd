/**
 * @module
 * Serves a worker's OpenAPI document (generated from its route schemas) and a Swagger UI page for it.
 */
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { html } from 'hono/html'

// The page is written here rather than by @hono/swagger-ui, whose page has an inline script without a nonce
// and loads its files from a CDN, so it cannot run under a strict CSP nor offline.
// Swagger UI's own files come from the pinned swagger-ui-dist package, served by this worker from its static
// assets (the [assets] of the wrangler files): /docs works with no network, and the CSP names this origin only.
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'] as const
const SWAGGER_UI_CSS = '/docs/swagger-ui.css'
const SWAGGER_UI_JS = '/docs/swagger-ui-bundle.js'

/** The docs page's CSP: this worker's two Swagger UI files, the page's own start-up script (by nonce), calls to this worker only. */
function docsContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'self'`,
    "style-src 'self'",
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
    <link rel="stylesheet" href="${SWAGGER_UI_CSS}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${SWAGGER_UI_JS}"></script>
    <script nonce="${nonce}">
      window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui' })
    </script>
  </body>
</html>`
}

/**
 * Adds `GET /openapi.json`, `GET /docs` and the two Swagger UI files the page loads.
 *
 * @example
 * mountOpenApi(app, { title: 'Fraud decision service', version: '1.0.0' })
 */
export function mountOpenApi<E extends Env & { Bindings: { ASSETS: Fetcher } }>(app: OpenAPIHono<E>, info: { title: string; version: string; description: string }): void {
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
  for (const file of SWAGGER_UI_FILES) {
    // Only these two files of the package are reachable: every path runs the worker first.
    app.get(`/docs/${file}`, async (c) => {
      const asset = await c.env.ASSETS.fetch(new URL(`/${file}`, c.req.url))
      // A copy: the asset's own headers are immutable, and the shared middleware adds its headers to the answer.
      return new Response(asset.body, asset)
    })
  }
}

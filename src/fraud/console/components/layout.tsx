/**
 * @module
 * The page frame of every console page: skip link, navigation (keeping the tenant), the tenant switcher, the
 * signed-in analyst, one stylesheet and one small script (both served by the console itself, so the CSP allows
 * 'self' and nothing inline).
 */
import type { Child } from 'hono/jsx'
import { DEFAULT_TENANT } from '../../model/tenant.ts'
import { consolePath } from '../paths.ts'

export type Section = 'queue' | 'resolved' | 'search' | 'policies' | 'lists' | 'overview' | 'webhooks' | 'none'

const NAV: { section: Section; path: string; label: string }[] = [
  { section: 'queue', path: '/console', label: 'Review queue' },
  { section: 'resolved', path: '/console/resolved', label: 'Resolved' },
  { section: 'search', path: '/console/search', label: 'Find decisions' },
  { section: 'policies', path: '/console/policies', label: 'Policies' },
  { section: 'lists', path: '/console/lists', label: 'Live lists' },
  { section: 'overview', path: '/console/overview', label: 'Overview' },
  { section: 'webhooks', path: '/console/webhooks', label: 'Webhooks' },
]

/** The signed-in analyst, the tenant this page shows, and the tenants they may switch to. */
export interface Viewer {
  analyst: string
  tenant: string
  tenants: readonly string[]
}

export interface LayoutProps {
  title: string
  section: Section
  /** Absent on the pages of a refused request, which know no one. */
  viewer?: Viewer
  children?: Child
}

/** A GET form to the same section under another tenant; it lists only the tenants granted. */
function TenantSwitcher({ viewer, section }: { viewer: Viewer; section: Section }) {
  const action = NAV.find((item) => item.section === section)?.path ?? '/console'
  return (
    <form class="tenant-switcher" method="get" action={action} aria-label="Tenant">
      <label for="tenant-switch">Tenant</label>
      <select id="tenant-switch" name="tenant">
        {viewer.tenants.map((tenant) => (
          <option value={tenant} selected={tenant === viewer.tenant}>
            {tenant}
          </option>
        ))}
      </select>
      <button type="submit" class="secondary">
        Switch
      </button>
    </form>
  )
}

export function Layout({ title, section, viewer, children }: LayoutProps) {
  const tenant = viewer?.tenant ?? DEFAULT_TENANT
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>{`${title} · Fraud console`}</title>
        <link rel="stylesheet" href="/console/assets/console.css" />
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <a class="brand" href={consolePath(tenant, '/console')}>
            Fraud console
          </a>
          <nav aria-label="Console">
            <ul>
              {NAV.map((item) => (
                <li>
                  <a href={consolePath(tenant, item.path)} aria-current={item.section === section ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {viewer !== undefined && <TenantSwitcher viewer={viewer} section={section} />}
          {viewer !== undefined && (
            <p class="analyst">
              Signed in as <strong>{viewer.analyst}</strong>
            </p>
          )}
        </header>
        <main id="main" tabindex={-1}>
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  )
}

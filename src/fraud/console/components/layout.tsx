/**
 * @module
 * The page frame of every console page: skip link, navigation, the signed-in analyst, one stylesheet and
 * one small script (both served by the console itself, so the CSP allows 'self' and nothing inline).
 */
import type { Child } from 'hono/jsx'

export type Section = 'queue' | 'policies' | 'overview' | 'none'

const NAV: { section: Section; href: string; label: string }[] = [
  { section: 'queue', href: '/console', label: 'Review queue' },
  { section: 'policies', href: '/console/policies', label: 'Policies' },
  { section: 'overview', href: '/console/overview', label: 'Overview' },
]

export interface LayoutProps {
  title: string
  section: Section
  analyst?: string
  children?: Child
}

export function Layout({ title, section, analyst, children }: LayoutProps) {
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
          <a class="brand" href="/console">
            Fraud console
          </a>
          <nav aria-label="Console">
            <ul>
              {NAV.map((item) => (
                <li>
                  <a href={item.href} aria-current={item.section === section ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {analyst !== undefined && (
            <p class="analyst">
              Signed in as <strong>{analyst}</strong>
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

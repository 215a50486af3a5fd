/**
 * @module
 * The shared launcher of the browser tests: Debian's chromium driven by playwright-core (no browser download),
 * headless, with a fresh profile and no background traffic. Where chromium is missing, tests skip with a clear
 * message on a developer machine and fail under CI (CI=true), where `.ci/run` installs it.
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these, chromium keeps trying to reach Google's services and floods the log with refused connections.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** CHROMIUM_PATH when set (and only it), else Debian's /usr/bin/chromium, else `chromium` on PATH; undefined when none is. */
export function findChromium(): string | undefined {
  const chosen = process.env.CHROMIUM_PATH
  if (chosen !== undefined && chosen !== '') return existsSync(chosen) ? chosen : undefined
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  try {
    const onPath = execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
    return onPath === '' ? undefined : onPath
  } catch {
    return undefined
  }
}

const MISSING = 'chromium is not installed (Debian: apt-get install -y chromium; or set CHROMIUM_PATH)'

/**
 * Why the browser tests cannot run here, or undefined when they can. Throws under CI, where a missing
 * browser is a broken machine, not a reason to skip.
 *
 * @example
 * it('…', { skip: skipReason() }, async () => { … })
 */
export function skipReason(): string | undefined {
  if (findChromium() !== undefined) return undefined
  if (process.env.CI === 'true') throw new Error(`${MISSING}; CI must install it (see .ci/run).`)
  return `${MISSING}: browser tests skipped.`
}

/**
 * Launches headless chromium. Playwright gives every launch a fresh temporary profile (user data dir) and
 * removes it on close.
 *
 * @example
 * const browser = await launchChromium()
 * try { const page = await browser.newPage() } finally { await browser.close() }
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium()
  if (executablePath === undefined) throw new Error(MISSING)
  return chromium.launch({ executablePath, args: ARGS, headless: true })
}

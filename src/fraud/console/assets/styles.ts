/**
 * @module
 * The console's stylesheet (served at /console/assets/console.css): system fonts, readable from a phone to
 * a laptop, visible focus, and decision colours that always come with a word and a symbol.
 */
export const CONSOLE_CSS = `
:root {
  color-scheme: light;
  --ink: #1c2430; --muted: #5b6675; --line: #d9dee5; --paper: #ffffff; --canvas: #f4f6f9;
  --accent: #1f5fbf; --focus: #ffb000;
  --allow: #1d7a46; --allow-bg: #e3f4ea; --friction: #8a5a00; --friction-bg: #fdf1d8;
  --review: #1f5fbf; --review-bg: #e4edfb; --block: #b3261e; --block-bg: #fbe5e3;
}
* { box-sizing: border-box; }
html { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--canvas); }
body { margin: 0; }
a { color: var(--accent); }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.9em; overflow-wrap: anywhere; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; background: var(--paper); padding: 0.5rem 1rem; z-index: 10; border: 2px solid var(--accent); }
.skip-link:focus { top: 0.5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.site-header { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 1.5rem; padding: 0.75rem 1.25rem; background: #16202d; color: #fff; }
.site-header a { color: #fff; text-decoration: none; }
.brand { font-weight: 700; font-size: 1.1rem; }
.site-header nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem; margin: 0; padding: 0; list-style: none; }
.site-header nav a { display: inline-block; padding: 0.35rem 0.7rem; border-radius: 6px; }
.site-header nav a:hover { background: #2a3748; }
.site-header nav a[aria-current="page"] { background: #fff; color: #16202d; font-weight: 600; }
.analyst { margin: 0 0 0 auto; font-size: 0.9rem; color: #cfd6df; }
.tenant-switcher { display: flex; align-items: center; gap: 0.4rem; margin: 0 0 0 auto; font-size: 0.9rem; color: #cfd6df; }
.tenant-switcher select { font: inherit; padding: 0.2rem 0.4rem; border-radius: 6px; }
.tenant-switcher button { padding: 0.2rem 0.6rem; }
.tenant-switcher + .analyst { margin-left: 0; }
main { max-width: 72rem; margin: 0 auto; padding: 1.25rem; }
main:focus, [tabindex="-1"]:focus { outline: none; }
caption { text-align: left; font-weight: 600; padding: 0.6rem 0.75rem 0.2rem; }
.stack > * + * { margin-top: 1rem; }
td.same { background: #f4f6f9; }
.percent { white-space: nowrap; }
h1 { font-size: 1.6rem; margin: 0.25rem 0 0.75rem; overflow-wrap: anywhere; }
h2 { font-size: 1.15rem; margin: 0 0 0.75rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.5rem; }
section { margin: 1.25rem 0; }
.lede { color: var(--muted); margin-top: 0; }
.muted { color: var(--muted); }
.small { font-size: 0.85rem; }
.card { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.1rem; margin: 0; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); margin: 1rem 0; }
.grid.two { grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); }
.table-wrap { overflow-x: auto; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.6rem 0.75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
thead th { font-size: 0.85rem; color: var(--muted); background: #f9fafc; }
tbody tr:last-child td { border-bottom: 0; }
tbody tr:hover { background: #f7f9fc; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
ul.codes { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 0.25rem; }
ul.codes code { background: #eef1f5; padding: 0.1rem 0.35rem; border-radius: 4px; }
/* Cards stacked in one grid cell, spaced as the grid spaces them. */
.stack { display: flex; flex-direction: column; gap: 1rem; }
/* A signal code never breaks mid-word: the list wraps between codes. */
code.signal-code { overflow-wrap: normal; word-break: normal; white-space: nowrap; }
/* Overview bars take the colour of the decision or outcome they count. */
meter.bar::-webkit-meter-bar { background: #e8ecf1; border: 0; border-radius: 4px; }
meter.bar-allow::-webkit-meter-optimum-value, meter.bar-good::-webkit-meter-optimum-value { background: var(--allow); }
meter.bar-friction::-webkit-meter-optimum-value { background: var(--friction); }
meter.bar-review::-webkit-meter-optimum-value { background: var(--review); }
meter.bar-block::-webkit-meter-optimum-value, meter.bar-bad::-webkit-meter-optimum-value { background: var(--block); }
meter.bar-allow::-moz-meter-bar, meter.bar-good::-moz-meter-bar { background: var(--allow); }
meter.bar-friction::-moz-meter-bar { background: var(--friction); }
meter.bar-review::-moz-meter-bar { background: var(--review); }
meter.bar-block::-moz-meter-bar, meter.bar-bad::-moz-meter-bar { background: var(--block); }
.badge { display: inline-block; padding: 0.1rem 0.55rem; border-radius: 999px; font-weight: 600; font-size: 0.85rem; border: 1px solid currentColor; white-space: nowrap; }
.decision-allow { color: var(--allow); background: var(--allow-bg); }
.decision-friction { color: var(--friction); background: var(--friction-bg); }
.decision-review { color: var(--review); background: var(--review-bg); }
.decision-block { color: var(--block); background: var(--block-bg); }
.outcome-good { color: var(--allow); background: var(--allow-bg); }
.outcome-bad { color: var(--block); background: var(--block-bg); }
.notice { padding: 0.75rem 1rem; border-radius: 8px; margin: 0 0 1rem; border: 1px solid; }
.notice-ok { background: var(--allow-bg); border-color: var(--allow); }
.notice-error { background: var(--block-bg); border-color: var(--block); }
.notice-warning { background: var(--friction-bg); border-color: var(--friction); }
.empty { background: var(--paper); border: 1px dashed var(--line); border-radius: 10px; padding: 1.25rem; }
.empty p:first-child { margin-top: 0; }
.empty p:last-child { margin-bottom: 0; }
form.filters { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0.75rem; margin: 0 0 1rem; }
.field { display: flex; flex-direction: column; gap: 0.25rem; margin-bottom: 0.75rem; }
form.filters .field { margin: 0; }
label { font-weight: 600; font-size: 0.9rem; }
.help { margin: 0; font-size: 0.85rem; color: var(--muted); }
input, select, textarea { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid #aab3bf; border-radius: 6px; background: #fff; color: var(--ink); max-width: 100%; }
textarea { width: 100%; }
textarea.code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85rem; min-height: 10rem; }
button, .button-link { font: inherit; font-weight: 600; display: inline-block; padding: 0.5rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
button.secondary, .button-link.secondary { background: #fff; color: var(--accent); }
button.approve { background: var(--allow); border-color: var(--allow); }
button.decline, button.danger { background: var(--block); border-color: var(--block); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; }
dl.fields { margin: 0; display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: 0.3rem 1rem; }
dl.fields > div { display: contents; }
dl.fields dt { color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
dl.fields dd { margin: 0; overflow-wrap: anywhere; }
dl.fields.compact dt, dl.fields.compact dd { font-size: 0.85rem; }
dl.scores { margin: 0; }
.score { display: grid; grid-template-columns: 7.5rem 1fr; align-items: center; gap: 0.5rem; margin-bottom: 0.4rem; }
.score dd { margin: 0; display: flex; align-items: center; gap: 0.5rem; }
meter { flex: 1; width: 100%; height: 1.1rem; min-width: 4rem; }
.score-value { font-variant-numeric: tabular-nums; width: 2.5rem; text-align: right; }
.bar-row { display: grid; grid-template-columns: 10rem 1fr 3rem; gap: 0.5rem; align-items: center; margin-bottom: 0.35rem; }
.bar-row .num { font-weight: 600; }
pre.diff { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 0.75rem; overflow-x: auto; font-size: 0.85rem; line-height: 1.4; }
.diff-add { color: var(--allow); background: var(--allow-bg); display: block; }
.diff-del { color: var(--block); background: var(--block-bg); display: block; }
.stat { font-size: 1.8rem; font-weight: 700; margin: 0; font-variant-numeric: tabular-nums; }
.confirm { border: 2px solid var(--block); }
@media (max-width: 40rem) {
  html { font-size: 15px; }
  main { padding: 0.9rem; }
  .analyst { margin-left: 0; width: 100%; }
  .tenant-switcher { margin-left: 0; }
  table.queue thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.queue, table.queue tbody, table.queue tr, table.queue td { display: block; width: 100%; }
  table.queue tr { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
  table.queue td { border: 0; padding: 0.2rem 0.75rem; text-align: left; display: grid; grid-template-columns: 7rem 1fr; gap: 0.5rem; }
  table.queue td::before { content: attr(data-label); color: var(--muted); font-size: 0.85rem; }
  dl.fields { grid-template-columns: 1fr; gap: 0 0; }
  dl.fields dd { margin-bottom: 0.4rem; }
  .bar-row { grid-template-columns: 9.5rem 1fr 2.5rem; }
}
@media (prefers-reduced-motion: no-preference) { a, button { transition: background-color 0.15s; } }
`

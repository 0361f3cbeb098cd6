/**
 * The report's stylesheet, inlined in its `<style>`: system fonts (nothing to fetch), tabular
 * figures so numbers line up, right-aligned numeric cells, a print-friendly light palette.
 */
export const REPORT_STYLES = `
:root { --ink: #111827; --muted: #6b7280; --line: #e5e7eb; --panel: #ffffff; --bg: #f5f6f8;
  --accent: #0072b2; --good: #00805c; --bad: #c04a00; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
header.top { background: #0f172a; color: #f8fafc; padding: 18px 32px; }
header.top h1 { margin: 0; font-size: 22px; letter-spacing: 0.2px; }
header.top p { margin: 4px 0 0; color: #cbd5e1; font-size: 13px; }
header.top code { color: #e2e8f0; }
header.top p.warn { color: #fdba74; font-weight: 600; }
nav.sections { background: #1e293b; padding: 6px 32px; font-size: 13px; }
nav.sections a { color: #cbd5e1; margin-right: 16px; text-decoration: none; }
nav.sections a:hover { color: #fff; text-decoration: underline; }
main { max-width: 1440px; margin: 0 auto; padding: 20px 24px 48px; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 8px;
  padding: 16px 18px; margin: 0 0 18px; }
h2 { font-size: 17px; margin: 0 0 4px; }
h3 { font-size: 14px; margin: 14px 0 6px; }
p.lead, p.note { color: var(--muted); margin: 0 0 12px; font-size: 13px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(128px, 1fr)); gap: 10px;
  margin: 0 0 18px; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; }
.card .value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: 0.4px; }
.card.good .value { color: var(--good); }
.card.bad .value { color: var(--bad); }
.chart { position: relative; height: 280px; }
.chart.small { height: 220px; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 18px; }
.grid3 { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 18px; }
.figure h3 { margin-top: 4px; }
.empty { color: var(--muted); font-style: italic; padding: 12px 0; }
.nodata { text-align: center; padding: 48px 20px; }
.nodata h2 { font-size: 20px; }
table { border-collapse: collapse; width: 100%; font-size: 12px; }
th, td { padding: 5px 7px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { background: #f9fafb; font-weight: 600; white-space: nowrap; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tbody tr:nth-child(even) { background: #fafbfc; }
tbody tr:hover { background: #eef6fc; }
th button { all: unset; cursor: pointer; }
th button::after { content: " \\2195"; color: #9ca3af; font-size: 11px; }
th[aria-sort="ascending"] button::after { content: " \\25B2"; color: var(--accent); }
th[aria-sort="descending"] button::after { content: " \\25BC"; color: var(--accent); }
th button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.scroll { overflow-x: auto; }
a.intent-link { display: inline-block; max-width: 16em; font-size: 11.5px; }
.nowrap { white-space: nowrap; }
code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; }
a { color: var(--accent); }
.state { display: inline-block; padding: 0 6px; border-radius: 9px; font-size: 11.5px;
  background: #eef2f7; color: #334155; }
.state.completed { background: #dcf5ec; color: #00664a; }
.state.failed, .state.refused { background: #fde8dd; color: #9a3b00; }
.state.cancelled { background: #fff1d6; color: #8a5a00; }
.yes { color: var(--good); font-weight: 600; }
.no { color: var(--muted); }
details.journal { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 8px; padding: 6px 12px; }
details.journal[open] { background: #fcfcfd; }
details.journal > summary { cursor: pointer; font-weight: 600; }
details.journal > summary .sub { color: var(--muted); font-weight: 400; margin-left: 8px; }
details.journal:target { border-color: var(--accent); box-shadow: 0 0 0 2px #cfe6f5; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
pre { background: #f3f4f6; padding: 8px 10px; border-radius: 6px; overflow-x: auto; font-size: 11.5px; margin: 4px 0; }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 8px 0 24px; }
`

/** The report's stylesheet (inlined; the page loads nothing from the network). */
export const REPORT_CSS = `
:root {
  --fg: #1e293b; --muted: #64748b; --line: #e2e8f0; --bg: #f1f5f9; --card: #ffffff;
  --accent: #0f766e; --accent-soft: #ccfbf1; --good: #15803d; --good-soft: #dcfce7;
  --bad: #b91c1c; --bad-soft: #fee2e2; --warn: #92400e; --warn-soft: #fef3c7; --ref: #6d28d9; --ref-soft: #f5f3ff;
}
* { box-sizing: border-box; }
html { scroll-behavior: smooth; scroll-padding-top: 56px; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; color: var(--fg); background: var(--bg); }
header.top { background: linear-gradient(120deg, #0f766e, #115e59 60%, #134e4a); color: #f0fdfa; padding: 22px 32px 18px; }
header.top h1 { margin: 0 0 4px; font-size: 22px; font-weight: 650; letter-spacing: .2px; }
header.top .sub { color: #99f6e4; font-size: 13px; }
nav.tabs { position: sticky; top: 0; z-index: 10; background: #ffffffee; backdrop-filter: blur(6px); border-bottom: 1px solid var(--line); padding: 0 24px; display: flex; gap: 4px; flex-wrap: wrap; }
nav.tabs a { display: inline-block; padding: 12px 12px 10px; color: var(--muted); text-decoration: none; font-weight: 550; border-bottom: 2px solid transparent; }
nav.tabs a:hover { color: var(--accent); border-bottom-color: var(--accent); }
main { max-width: 1480px; margin: 0 auto; padding: 20px 24px 60px; }
section.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px 20px; margin: 0 0 20px; box-shadow: 0 1px 2px #0f172a0d; }
section.card > h2 { margin: 0 0 4px; font-size: 17px; font-weight: 650; }
p.note, .note { color: var(--muted); font-size: 12.5px; margin: 4px 0 12px; }
.conversation .turn { border-left: 3px solid #cbd5e1; padding: 4px 10px; margin: 6px 0; }
.conversation .reply { margin: 4px 0 0 14px; }
.conversation .reply-patient { color: #1e3a8a; }
.conversation .revealed { font-size: 12px; }
.banner { border-radius: 8px; padding: 9px 12px; margin: 0 0 12px; font-size: 13px; }
.banner.warn { background: var(--warn-soft); color: var(--warn); border: 1px solid #fde68a; }
.banner.info { background: #eff6ff; color: #1e40af; border: 1px solid #bfdbfe; }
.banner.ref { background: var(--ref-soft); color: var(--ref); border: 1px solid #ddd6fe; }
.controls { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: end; margin: 8px 0 12px; }
.controls .banner { margin: 0; padding: 5px 10px; }
#leaderboard-controls { align-items: center; }
.controls label { display: flex; flex-direction: column; font-size: 11.5px; color: var(--muted); gap: 3px; font-weight: 550; text-transform: uppercase; letter-spacing: .3px; }
.controls label.inline { flex-direction: row; align-items: center; text-transform: none; letter-spacing: 0; font-size: 13px; color: var(--fg); gap: 6px; }
select, input[type=search], button { font: inherit; font-size: 13px; padding: 5px 8px; border: 1px solid #cbd5e1; border-radius: 6px; background: #fff; color: var(--fg); }
button { cursor: pointer; background: #f8fafc; }
button:hover:not(:disabled) { border-color: var(--accent); color: var(--accent); }
button:disabled { opacity: .45; cursor: default; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { padding: 6px 8px; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 650; white-space: nowrap; background: #f8fafc; position: sticky; top: 0; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.lb { font-size: 12.5px; }
table.lb th, table.lb td { padding: 5px 5px; }
table.lb th.sortable { cursor: pointer; user-select: none; }
table.lb th.sortable:hover { color: var(--accent); }
table.lb th[aria-sort=ascending]::after { content: " ▲"; font-size: 9px; }
table.lb th[aria-sort=descending]::after { content: " ▼"; font-size: 9px; }
table.lb th.sep, table.lb td.sep { border-left: 2px solid #cbd5e1; }
table.lb td.best { font-weight: 700; color: var(--accent); background: #f0fdfa; }
table.lb td .ci { display: block; font-size: 10.5px; color: var(--muted); font-weight: 400; white-space: nowrap; }
table.lb td.model { font-weight: 600; min-width: 200px; max-width: 260px; }
table.lb td .sub { display: block; font-size: 10.5px; color: var(--muted); font-weight: 400; white-space: normal; overflow-wrap: anywhere; }
table.lb tr.ref td { color: #4c1d95; background: #faf5ff; font-style: italic; }
table.lb tr.ref td.model { font-weight: 500; }
table.lb tr.group td { background: var(--ref-soft); color: var(--ref); font-weight: 600; font-style: normal; font-size: 12px; }
.badge { display: inline-block; white-space: nowrap; font-size: 10.5px; font-weight: 650; padding: 1px 6px; border-radius: 9px; background: #e2e8f0; color: #334155; font-style: normal; vertical-align: 1px; }
.badge.ref { background: #ede9fe; color: var(--ref); }
.badge.ok { background: var(--good-soft); color: var(--good); }
.badge.no { background: var(--bad-soft); color: var(--bad); }
.badge.err { background: #fee2e2; color: #7f1d1d; }
.badge.pend { background: var(--warn-soft); color: var(--warn); }
.badge.skip { background: #e2e8f0; color: #475569; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 20px; }
.chartbox { position: relative; height: 360px; }
.chartbox.tall { height: 640px; }
.counts { font-size: 12px; color: var(--muted); margin-top: 8px; }
.counts.gaps:empty { display: none; }
.counts.gaps { border-left: 3px solid #cbd5e1; padding: 4px 10px; background: #f8fafc; border-radius: 0 6px 6px 0; }
.counts.gaps .label { font-weight: 650; color: #475569; }
.counts.gaps ul { margin: 2px 0 0; padding-left: 18px; }
.counts.gaps .lead { color: #475569; margin-bottom: 2px; }
table.lb th.wrap { white-space: normal; min-width: 64px; max-width: 84px; }
table.lb td.gap { color: #94a3b8; cursor: help; text-decoration: underline dotted #cbd5e1; text-underline-offset: 3px; }
.counts div { margin: 2px 0; }
table.cases tbody tr { cursor: pointer; }
table.cases tbody tr:hover td { background: #f0fdfa; }
table.cases tbody tr.sel td { background: #ccfbf1; }
table.cases td.uid { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
table.cases td.why { color: var(--muted); max-width: 520px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.pager { display: flex; gap: 8px; align-items: center; margin: 10px 0; font-size: 13px; color: var(--muted); }
.detail { margin-top: 16px; border-top: 2px solid var(--accent); padding-top: 14px; }
.detail h3 { margin: 0 0 8px; font-size: 15px; }
.detail h4 { margin: 14px 0 6px; font-size: 13px; color: var(--accent); text-transform: uppercase; letter-spacing: .4px; }
.cols { display: grid; grid-template-columns: minmax(300px, 1fr) minmax(300px, 1fr); gap: 18px; }
.block { border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; margin: 0 0 8px; background: #fcfdfe; }
.block .label { font-size: 11.5px; font-weight: 650; color: var(--muted); text-transform: uppercase; letter-spacing: .3px; margin-bottom: 2px; }
.block .text, pre.text { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; }
.model-answer { border: 1px solid #cbd5e1; border-radius: 8px; margin: 0 0 12px; }
.model-answer > .head { background: #f8fafc; padding: 6px 10px; font-weight: 650; border-bottom: 1px solid var(--line); border-radius: 8px 8px 0 0; }
.model-answer.focus { border-color: var(--accent); box-shadow: 0 0 0 2px var(--accent-soft); }
.model-answer > .body { padding: 8px 10px; }
.sec { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; padding: 6px 0; border-bottom: 1px dashed var(--line); }
.sec:last-child { border-bottom: 0; }
.sec .verdict { font-size: 12px; color: var(--muted); }
.sec .verdict .why { display: block; margin-top: 3px; }
details.raw summary { cursor: pointer; color: var(--muted); font-size: 12px; margin-top: 6px; }
dl.kv { display: grid; grid-template-columns: max-content 1fr; gap: 3px 14px; margin: 0 0 12px; font-size: 13px; }
dl.kv dt { color: var(--muted); }
dl.kv dd { margin: 0; overflow-wrap: anywhere; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
ul.warnings { margin: 0; padding-left: 18px; color: var(--warn); }
.stats { display: grid; grid-template-columns: repeat(auto-fill, minmax(118px, 1fr)); gap: 8px; margin: 0 0 12px; }
.stat { border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; background: #f8fafc; }
.stat .v { font-size: 18px; font-weight: 650; color: var(--accent); font-variant-numeric: tabular-nums; }
.stat .l { font-size: 11.5px; color: var(--muted); }
.block.agent { padding: 10px 14px; }
.block.agent h4 { margin: 10px 0 6px; font-size: 12.5px; color: var(--accent); text-transform: uppercase; letter-spacing: .4px; }
table.routing tr.visited td { background: #f0fdfa; }
.agent-steps { margin: 0 0 12px; padding: 8px 10px; border: 1px solid var(--line); border-radius: 8px; background: #fcfdfe; }
.agent-steps > summary.label { cursor: pointer; font-size: 11.5px; font-weight: 650; color: var(--muted); text-transform: uppercase; letter-spacing: .3px; }
ol.timeline { list-style: none; counter-reset: step; margin: 8px 0 0 12px; padding: 0 0 0 20px; border-left: 2px solid var(--accent-soft); }
ol.timeline > li.step { position: relative; margin: 0 0 12px; counter-increment: step; }
ol.timeline > li.step::before { content: counter(step); position: absolute; left: -32px; top: 0; width: 22px; height: 22px; border-radius: 50%; background: var(--accent); color: #fff; font-size: 11px; font-weight: 650; text-align: center; line-height: 22px; }
ol.timeline > li.step[data-step=laboratory]::before { background: #4f46e5; }
ol.timeline > li.step[data-step=answer]::before { background: #134e4a; }
.step-head { font-size: 13px; line-height: 22px; }
.step-head .meta { color: var(--muted); font-size: 11.5px; margin-left: 4px; }
.step-body { margin-top: 4px; }
.step-body .block { margin: 0 0 6px; }
.step-body dl.kv { margin: 0 0 6px; }
.badge.role { background: var(--accent-soft); color: var(--accent); }
.badge.role-laboratory { background: #e0e7ff; color: #3730a3; }
.badge.role-radiologist { background: #e0f2fe; color: #075985; }
.badge.role-chief, .badge.role-answer { background: #134e4a; color: #f0fdfa; }
.badge.role-nurse, .badge.role-pharmacist { background: #fef3c7; color: #92400e; }
table.dataset tr.partial td { background: #fffbeb; }
table.dataset td.warn { color: var(--warn); font-weight: 650; }
.block.judge { padding: 10px 14px; }
.block.judge table { width: auto; min-width: 60%; }
footer { color: var(--muted); font-size: 12px; text-align: center; padding: 10px 0 30px; }
@media (max-width: 900px) { .cols, .sec { grid-template-columns: 1fr; } main { padding: 12px; } }
@media print { nav.tabs { display: none; } section.card { break-inside: avoid; box-shadow: none; } }
`;

// The portal's one stylesheet, served from /portal/assets (the CSP allows styles from the portal's origin only).
// Colours meet WCAG AA contrast on their backgrounds (4.5:1 for text); focus is always visible.
export const PORTAL_CSS = `
:root {
  --ink: #16213a; --muted: #4b5568; --line: #d5dbe5; --bg: #f4f6fa; --card: #fff;
  --brand: #0b4f9c; --brand-dark: #083b75; --focus: #ffbf47;
  --ok-bg: #dcf2e4; --ok: #125c32; --warn-bg: #fff1c7; --warn: #6b4c00; --bad-bg: #fbe0e0; --bad: #8a1f1f;
  --info-bg: #dde9fb; --info: #0b3f82; --gray-bg: #e9ecf1; --gray: #3b4454; --violet-bg: #ece2fb; --violet: #4d2791;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: var(--bg); line-height: 1.5; font-size: 16px;
}
* { box-sizing: border-box; }
body { margin: 0; }
a { color: var(--brand); }
a:hover { color: var(--brand-dark); }
/* A date field reached by Tab has the focus in one of its parts (day, month, year), inside it: it showed no ring. */
:focus-visible, input[type=date]:focus-within { outline: 3px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 5px var(--ink); }
.skip { position: absolute; left: -9999px; top: 0; background: var(--card); padding: .625rem 1rem; z-index: 10; }
.skip:focus { left: .5rem; top: .5rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

header.top { background: var(--ink); color: #fff; }
header.top .bar { max-width: 72rem; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
header.top a { color: #fff; }
.brand { font-weight: 700; font-size: 1.15rem; text-decoration: none; letter-spacing: .01em; }
.brand span { color: #9cc3ff; }
.shop { font-weight: 600; padding-left: 1rem; border-left: 1px solid #56627a; }
/* A shop may be named by its domain ("www.electrodomesticosdelcaribe.com.co"), one word wider than a phone: the header
   and the sentences and choices that name it wrap it rather than widen every page. */
.shop, main p, .radio { overflow-wrap: anywhere; }
.who { margin-left: auto; display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: center; font-size: .95rem; }
.who form { display: inline; margin: 0; }
/* Tap targets of 44 px (the checkout's size; WCAG 2.5.8 asks 24): the header's links and the sign-out button. */
.brand, .who a, .who button.link { display: inline-flex; align-items: center; min-height: 2.75rem; }
/* "Salir" was 34 px wide: 44 now, the margin taking back what it grew so the header does not move. */
.who button.link { min-width: 2.75rem; justify-content: center; margin: 0 -.3125rem; }
.who .role { background: #33415c; color: #fff; border-radius: 999px; padding: 0 .6rem; font-size: .8rem; }
nav.main { background: #22304d; }
nav.main ul { max-width: 72rem; margin: 0 auto; padding: 0 1rem; display: flex; gap: .25rem; list-style: none; overflow-x: auto; }
nav.main a { display: block; padding: .7rem .9rem; color: #fff; text-decoration: none; border-bottom: 3px solid transparent; white-space: nowrap; }
nav.main a[aria-current="page"] { border-bottom-color: #9cc3ff; font-weight: 600; }
nav.main a:hover { background: #2d3d60; }

main { max-width: 72rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
main:focus { outline: none; }
/* A heading may hold a referencia of 120 characters with no space (a charge's page): it wraps, never widens the
   page. */
h1 { font-size: 1.6rem; margin: .25rem 0 1rem; line-height: 1.25; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 0 0 .75rem; }
h3 { font-size: 1.05rem; margin: 1rem 0 .5rem; }
p { margin: 0 0 .75rem; }
.lead { color: var(--muted); margin-top: -.5rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: 1.1rem 1.25rem; margin-bottom: 1.25rem; }
.grid { display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr)); margin-bottom: 1.25rem; }
.tile { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .9rem 1rem; }
.tile .label { color: var(--muted); font-size: .9rem; }
.tile .value { font-size: 1.45rem; font-weight: 700; }
.tile .sub { color: var(--muted); font-size: .9rem; }
.subnav { display: flex; flex-wrap: wrap; gap: .5rem; margin: 0 0 1.25rem; padding: 0; list-style: none; }
.subnav a { display: flex; align-items: center; min-height: 2.75rem; padding: .4rem .85rem; border: 1px solid var(--line); border-radius: 999px; background: var(--card); text-decoration: none; }
.subnav a[aria-current="page"] { background: var(--brand); border-color: var(--brand); color: #fff; }

.notice { border-radius: .5rem; padding: .75rem 1rem; margin: 0 0 1rem; border: 1px solid; }
.notice.ok { background: var(--ok-bg); color: var(--ok); border-color: #9fd3b2; }
.notice.info { background: var(--info-bg); color: var(--info); border-color: #a9c6f2; }
.notice.warn { background: var(--warn-bg); color: var(--warn); border-color: #e8cf7e; }
.notice.bad { background: var(--bad-bg); color: var(--bad); border-color: #eaa9a9; }
.notice .title { display: block; font-weight: 700; }
.secret { display: block; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 1rem; background: #fff;
  border: 2px dashed var(--warn); color: var(--ink); padding: .6rem .75rem; margin: .5rem 0; word-break: break-all; user-select: all; }
/* The read-only field of a value to copy: as tall as its value, at every width. */
textarea.secret { width: 100%; line-height: 1.5; resize: none; field-sizing: content; border-radius: 0; }

form.stack { display: grid; gap: 1rem; max-width: 36rem; }
form.inline { display: inline; }
.field { display: grid; gap: .3rem; }
label, .label-text { font-weight: 600; }
.hint { color: var(--muted); font-size: .9rem; margin: 0 0 .75rem; }
.field .hint, td .hint { margin: 0; }
.error-text { color: var(--bad); font-weight: 600; font-size: .95rem; margin: 0; }
input[type=text], input[type=email], input[type=password], input[type=url], input[type=date], input[type=search], select {
  font: inherit; color: var(--ink); background: #fff; border: 2px solid #6b778c; border-radius: .4rem; padding: .55rem .65rem; width: 100%; min-height: 2.75rem; }
input[aria-invalid=true] { border-color: var(--bad); }
input[readonly] { background: var(--bg); border-style: dashed; }
form.role select { width: auto; min-width: 10rem; }
.nowrap, .mono.nowrap { white-space: nowrap; overflow-wrap: normal; }
/* An address wraps after its @ (the <wbr> there) when that is enough; a part longer than its column breaks where it
   must (anywhere, not break-word, so the column may be narrower than that part: a table's frame would cut it off). */
.mono.email { overflow-wrap: anywhere; }
/* A referencia has no spaces to wrap at (up to 120 characters): it wraps anywhere rather than push Estado and Monto out
   of the table's frame (the link alone: on a phone the cell's "Referencia" label keeps its word). */
td.referencia > a { overflow-wrap: anywhere; min-width: 0; }
fieldset { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; margin: 0; }
legend { font-weight: 600; padding: 0 .25rem; }
.radio { display: flex; gap: .5rem; align-items: center; font-weight: 400; min-height: 2.75rem; }
.radio input { width: 1.25rem; height: 1.25rem; }
button, .button { font: inherit; font-weight: 600; cursor: pointer; border-radius: .4rem; border: 2px solid var(--brand); background: var(--brand);
  color: #fff; padding: .55rem 1.1rem; min-height: 2.75rem; text-decoration: none; display: inline-flex; align-items: center; justify-content: center; }
button:hover, .button:hover { background: var(--brand-dark); border-color: var(--brand-dark); color: #fff; }
button.secondary, .button.secondary { background: #fff; color: var(--brand); }
button.secondary:hover, .button.secondary:hover { background: var(--info-bg); color: var(--brand-dark); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
button.danger:hover { background: var(--bad-bg); color: var(--bad); }
button.link { background: none; border: 0; padding: 0; min-height: 0; color: inherit; text-decoration: underline; font-weight: 400; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; }

.filters { display: grid; gap: .75rem; grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr)); align-items: end; }
table { width: 100%; border-collapse: collapse; background: var(--card); }
caption { text-align: left; font-weight: 600; padding: 0 0 .5rem; }
th, td { text-align: left; padding: .6rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .85rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); background: #f9fafc; }
tfoot th { background: none; text-transform: none; letter-spacing: 0; font-size: 1rem; color: var(--ink); }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { border: 1px solid var(--line); border-radius: .6rem; overflow: hidden; margin-bottom: 1rem; }
.mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9rem; overflow-wrap: anywhere; }
.badge { display: inline-block; border-radius: 999px; padding: .05rem .6rem; font-size: .85rem; font-weight: 600; white-space: nowrap; }
.estado-aprobado, .badge.ok { background: var(--ok-bg); color: var(--ok); }
.estado-pendiente, .estado-creado, .badge.warn { background: var(--warn-bg); color: var(--warn); }
.estado-fallido, .badge.bad { background: var(--bad-bg); color: var(--bad); }
.estado-conciliado, .badge.info { background: var(--info-bg); color: var(--info); }
.estado-reembolsado { background: var(--violet-bg); color: var(--violet); }
.badge.violet { background: var(--violet-bg); color: var(--violet); }
table.settlement th { text-transform: none; letter-spacing: 0; font-size: 1rem; color: var(--ink); background: none; font-weight: 400; }
table.settlement tfoot th, table.settlement tfoot td { font-weight: 700; font-size: 1.1rem; }
.badge.gray { background: var(--gray-bg); color: var(--gray); }
.pager { display: flex; gap: .75rem; justify-content: space-between; flex-wrap: wrap; align-items: center; }
.pager a { display: inline-flex; align-items: center; min-height: 2.75rem; }
/* A link standing alone (in a table cell, beside a form's button, in an error summary, "back"): a 24 px target at
   least (WCAG 2.5.8), 44 px on a phone below. Links inside a sentence stay text. */
td > a, dd > a, .actions > a, .notice li > a, a.back { display: inline-flex; align-items: center; min-height: 1.5rem; }
dl.facts { display: grid; grid-template-columns: minmax(9rem, max-content) 1fr; gap: .4rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
ol.timeline { list-style: none; margin: 0; padding: 0 0 0 1.25rem; border-left: 3px solid var(--line); }
ol.timeline li { position: relative; padding: 0 0 1rem .75rem; }
ol.timeline li::before { content: ""; position: absolute; left: -1.72rem; top: .35rem; width: .9rem; height: .9rem; border-radius: 50%; background: var(--brand); border: 2px solid #fff; }
ol.timeline .when { color: var(--muted); font-size: .9rem; }
/* A history line may hold a descripcion of 255 characters with no space (a list of SKUs): it wraps, never widens
   the page. */
ol.timeline li { overflow-wrap: anywhere; }
ol.timeline.cambios .badge { margin-right: .4rem; }
/* A figure's default 40 px side margins shrank the chart and pushed its figures' table out of the card on a phone. */
.chart { margin: 0; }
.chart svg { width: 100%; height: auto; display: block; }
.chart .bar { fill: var(--brand); }
.chart .axis { stroke: #8a94a6; stroke-width: 1; }
.chart .grid-line { stroke: #e3e7ee; stroke-width: 1; }
.chart text { fill: var(--muted); font-size: 12px; }
.chart .value-label { fill: var(--ink); font-weight: 600; }
ol.attempts { margin: .5rem 0 0; padding-left: 1.25rem; }
ol.attempts li { margin-bottom: .4rem; }
details summary { cursor: pointer; color: var(--brand); font-weight: 600; }
.auth { max-width: 28rem; margin: 2rem auto; }
.auth form.stack + .hint { margin-top: 1rem; }
.auth .brand-big { font-size: 1.5rem; font-weight: 700; color: var(--ink); text-align: center; margin-bottom: 1rem; }
footer { max-width: 72rem; margin: 0 auto; padding: 1rem; color: var(--muted); font-size: .85rem; }

@media (max-width: 40rem) {
  h1 { font-size: 1.35rem; }
  .shop { border-left: 0; padding-left: 0; }
  .who { margin-left: 0; width: 100%; }
  table.responsive thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table.responsive, table.responsive tbody, table.responsive tr, table.responsive td { display: block; width: 100%; }
  table.responsive tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  /* baseline: a label beside a 44 px link or button lines up with its text, not its top. */
  table.responsive td { border: 0; padding: .2rem .75rem; display: flex; justify-content: space-between; align-items: baseline; gap: 1rem; text-align: right; }
  table.responsive td::before { content: attr(data-label); color: var(--muted); font-weight: 600; text-align: left; }
  table.responsive td.num { text-align: right; }
  /* A cell of running text (a notice's attempts) takes the row's whole width under its label: beside it, the flex
     share it got shrank with the text around it, down to less than one bold word. */
  table.responsive td.wide { flex-direction: column; align-items: stretch; gap: .2rem; text-align: left; }
  /* A row's own header (the Resumen's "Total") heads its stacked values. */
  table.responsive tfoot, table.responsive th[scope=row] { display: block; width: 100%; }
  table.responsive th[scope=row] { border: 0; padding: .2rem .75rem; }
  dl.facts { grid-template-columns: 1fr; gap: 0; }
  dl.facts dd { margin-bottom: .5rem; }
  /* On a phone, 44 px targets as the header's: the links standing alone, and a details' summary. */
  td > a, dd > a, .actions > a, .notice li > a, a.back { min-height: 2.75rem; }
  summary { padding: .625rem 0; }
}
`;

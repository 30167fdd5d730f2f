// The hosted page's stylesheet and its one small script, served from our origin (the CSP allows no inline code).
// Mobile first; colours checked for WCAG AA contrast (4.5:1 for text) on their backgrounds.

export const CHECKOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.5;color:#1a2233;background:#eef2f7}
a{color:#0a5cad}
a:hover{color:#084a8c}
:focus-visible{outline:3px solid #f5a300;outline-offset:2px;border-radius:4px;box-shadow:0 0 0 5px #1a2233}
.error-summary:focus{outline:3px solid #f5a300;outline-offset:2px;box-shadow:0 0 0 5px #1a2233}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem;top:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.topbar{display:flex;align-items:center;justify-content:space-between;max-width:34rem;margin:0 auto;padding:.9rem 1rem}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:800;font-size:1.1rem;color:#0a3d73}
.brand .icon{color:#0a5cad}
.secure{display:flex;align-items:center;gap:.3rem;font-size:.85rem;color:#1d6b3f;font-weight:600}
.sheet{width:calc(100% - 1.5rem);max-width:34rem;margin:0 auto 1rem;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 6px 24px rgba(16,24,40,.08);overflow:hidden}
.summary{padding:1.25rem 1.25rem 1rem;border-bottom:1px solid #e3e8ef;background:linear-gradient(180deg,#f7faff 0%,#fff 100%)}
.payee{margin:0;font-size:.9rem;color:#4b5565}
.summary h1{margin:.1rem 0 .5rem;font-size:1.2rem;line-height:1.3}
.amount{margin:0;font-size:clamp(1.5rem,8.5vw,2.1rem);font-weight:800;letter-spacing:-.02em;color:#101828}
.concept{margin:.35rem 0 0;color:#344054}
.reference{margin:.35rem 0 0;font-size:.85rem;color:#4b5565;overflow-wrap:anywhere}
.panel{padding:1.25rem}
.panel h2{margin:0 0 .75rem;font-size:1.15rem}
.hint{margin:-.25rem 0 1rem;color:#4b5565;font-size:.95rem}
.methods{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.method{display:flex;align-items:center;gap:.9rem;padding:1rem;border:1.5px solid #cfd7e3;border-radius:12px;text-decoration:none;color:#1a2233;background:#fff;min-height:4.25rem}
.method:hover{border-color:#0a5cad;background:#f5f9ff}
.method .icon{color:#0a5cad;flex:none}
.method span{flex:1;display:flex;flex-direction:column}
.method strong{font-size:1.02rem}
.method small{color:#4b5565;font-size:.88rem}
.method .chev{color:#667085;flex:none}
.notice{border-radius:10px;padding:.8rem 1rem;margin:0 0 1rem;font-size:.95rem}
.notice.info{background:#eef5ff;border:1px solid #b9d3f5}
.notice.warn{background:#fff6e5;border:1px solid #f0c36d}
.notice.flash{margin:1.25rem 1.25rem 0}
.notice.error{background:#fef0ef;border:1px solid #f2b8b5}
.error-summary h3{margin:0 0 .35rem;font-size:1rem;color:#8f1d14}
.error-summary ul{margin:0;padding-left:1.1rem}
.field{margin:0 0 1rem;border:0;padding:0;min-width:0}
label,legend{display:block;font-weight:600;margin:0 0 .3rem;font-size:.95rem;padding:0}
.optional{font-weight:400;color:#4b5565}
input[type=text],input[type=email],input[type=tel],select{display:block;width:100%;font:inherit;padding:.7rem .75rem;border:1.5px solid #8a94a6;border-radius:10px;background:#fff;color:#1a2233;min-height:3rem}
input[aria-invalid=true],select[aria-invalid=true]{border-color:#b42318;border-width:2px}
.field-error{color:#b42318;font-size:.9rem;margin:.3rem 0 0}
.choices{display:flex;gap:.6rem;flex-wrap:wrap}
.choice{display:flex;align-items:center;gap:.45rem;font-weight:500;border:1.5px solid #cfd7e3;border-radius:10px;padding:.6rem .9rem;cursor:pointer;min-height:3rem}
.choice input{width:1.15rem;height:1.15rem;margin:0;accent-color:#0a5cad}
.row{display:grid;grid-template-columns:1fr;gap:0}
button,.button{display:block;width:100%;border:0;border-radius:12px;padding:.95rem 1rem;font:inherit;font-weight:700;font-size:1.02rem;cursor:pointer;text-align:center;text-decoration:none;min-height:3.2rem}
.primary{background:#0a5cad;color:#fff}
.primary:hover{background:#084a8c;color:#fff}
.secondary{background:#fff;color:#0a5cad;border:1.5px solid #0a5cad}
.links{margin:.3rem 0 0;text-align:center;font-size:.95rem}
.links a{display:inline-block;padding:.7rem .5rem}
.card-frame{display:block;width:100%;height:28rem;border:1.5px solid #cfd7e3;border-radius:12px;background:#fff}
.result{text-align:center;padding:1.75rem 1.25rem 1.25rem}
.result .icon{margin:0 auto .5rem;display:block}
.result.ok .icon{color:#12804a}
.result.bad .icon{color:#c0362c}
.result.wait .icon{color:#b26b00}
.result h2{font-size:1.35rem;margin:0 0 .4rem}
.result p{margin:0 0 1rem;color:#344054}
.facts{margin:0 0 1.25rem;display:grid;gap:.6rem}
.facts div{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px dashed #d5dce6;padding-bottom:.5rem}
.facts dt{color:#4b5565}
.facts dd{margin:0;font-weight:700;text-align:right;overflow-wrap:anywhere;min-width:0}
.code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.35rem;letter-spacing:.06em}
.voucher{border:2px dashed #0a5cad;border-radius:14px;padding:1rem;margin:0 0 1rem;background:#fbfdff}
.voucher .facts{margin:0}
.voucher .facts div{flex-direction:column;gap:.1rem}
.voucher .facts dd{text-align:left}
.voucher .facts div:last-child{border-bottom:0;padding-bottom:0}
.actions{display:grid;gap:.75rem}
/* What the shop wrote may be one word wider than the screen (a name that is its domain, a descripcion that is an
   address or a list of SKUs): it wraps where it must, or the sheet's frame cuts it off. */
.summary h1,.concept,.links a,.result p,.button,.foot{overflow-wrap:anywhere}
.foot{max-width:34rem;margin:0 auto 2rem;padding:0 1rem;text-align:center;font-size:.82rem;color:#4b5565}
@media (min-width:40rem){
  .topbar{padding-top:1.5rem}
  .row{grid-template-columns:1fr 1.4fr;gap:.9rem}
  .summary,.panel{padding-left:1.75rem;padding-right:1.75rem}
  .notice.flash{margin-left:1.75rem;margin-right:1.75rem}
}
@media print{
  body{background:#fff}
  .topbar .secure,.skip,.no-print,.links,.actions,.foot,.flash{display:none}
  .sheet{box-shadow:none;border:1px solid #999}
}
`;

/** Enhancements only: the print button (shown only where the script runs), the document keypad, the card frame's height. */
export const CHECKOUT_JS = `document.querySelectorAll('[data-imprimir]').forEach(function (button) {
  button.hidden = false;
  button.addEventListener('click', function () { window.print(); });
});
// The document number gets a number keypad for the types that are digits only (their option says so); without
// JavaScript it stays a text field, which takes any type.
var tipoDocumento = document.getElementById('tipoDocumento');
var numeroDocumento = document.getElementById('numeroDocumento');
if (tipoDocumento && numeroDocumento) {
  var keypad = function () {
    var option = tipoDocumento.options[tipoDocumento.selectedIndex];
    numeroDocumento.setAttribute('inputmode', option && option.hasAttribute('data-solo-digitos') ? 'numeric' : 'text');
  };
  tipoDocumento.addEventListener('change', keypad);
  keypad();
}
// A payment being confirmed: ask whether the screen has changed, sooner at first, then less often (a bank may keep it
// pending for hours), not while the tab is hidden; reload once it has. The page itself stays put meanwhile, so a
// screen reader does not read it again every few seconds, and a failed ask is simply asked again later.
var estado = document.querySelector('[data-estado]');
if (estado && window.fetch) {
  var wait = 2000;
  var timer = null;
  var later = function () {
    timer = setTimeout(ask, wait);
    wait = Math.min(wait * 1.5, 30000);
  };
  var paused = false;
  var ask = function () {
    timer = null;
    paused = document.hidden;
    if (paused) return; // asked again when the tab is shown
    fetch(estado.getAttribute('data-estado'), { cache: 'no-store', credentials: 'same-origin' })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (now) {
        if (now && now.pantalla !== 'processing') window.location.reload();
        else later();
      }, later);
  };
  document.addEventListener('visibilitychange', function () {
    if (document.hidden) return;
    if (timer !== null) clearTimeout(timer);
    if (timer !== null || paused) ask(); // not while an ask is under way
  });
  later();
}
// A cash voucher left open: once its deadline has passed the network refuses it, so the page reloads and shows that it
// expired, whether or not the worker has recorded it yet. The time left comes from the server's clock and is counted
// from the page's load (the device's clock may be wrong); checked again at least every minute (a timer is late after
// the device slept, and cannot wait more than 24 days) and whenever the tab is shown.
var voucherPanel = document.querySelector('[data-vence-en-ms]');
if (voucherPanel) {
  var due = Date.now() + Number(voucherPanel.getAttribute('data-vence-en-ms')) + 1000;
  var lapse = function () {
    var left = due - Date.now();
    if (left <= 0) window.location.reload();
    else setTimeout(lapse, Math.min(left, 60000));
  };
  lapse();
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden && Date.now() >= due) window.location.reload();
  });
}
// The provider's card form says how tall it is (it grows with its errors): the frame follows, within bounds.
document.querySelectorAll('iframe.card-frame').forEach(function (frame) {
  var origin = new URL(frame.src).origin;
  window.addEventListener('message', function (event) {
    if (event.origin !== origin || event.source !== frame.contentWindow || !event.data || event.data.tipo !== 'alto-marco') return;
    var alto = Number(event.data.alto);
    if (alto >= 200 && alto <= 2000) frame.style.height = alto + 'px';
  });
});
`;

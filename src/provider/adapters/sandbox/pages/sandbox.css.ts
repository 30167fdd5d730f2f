// The sandbox pages' stylesheet, served from its own origin (no inline styles: the pages' CSP forbids them).
export const SANDBOX_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1c2430;background:#eef1f5;line-height:1.45;font-size:16px}
body.framed{background:#fff}
.ribbon{margin:0;background:#6b3fa0;color:#fff;text-align:center;font-size:.85rem;padding:.35rem .75rem;font-weight:600}
.bank{width:calc(100% - 1.5rem);max-width:30rem;margin:1.25rem auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(20,30,50,.12);overflow:hidden}
.bank-head{background:#0f3d6e;color:#fff;padding:1rem 1.25rem}
.bank-head h1{margin:0;font-size:1.25rem}
.bank-head p{margin:.25rem 0 0;font-size:.9rem;opacity:.9}
.bank-body{padding:1.25rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem}
dt{color:#4a5566;font-size:.9rem}
dd{margin:0;font-weight:600;word-break:break-word}
.amount{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}
.note{background:#f4f0fa;border-left:4px solid #6b3fa0;padding:.6rem .8rem;font-size:.9rem;margin:0 0 1rem}
.actions{display:flex;flex-direction:column;gap:.6rem}
button,.button{display:block;width:100%;border:0;border-radius:8px;padding:.85rem 1rem;font:inherit;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.primary{background:#0f7b45;color:#fff}
.secondary{background:#fff;color:#a01c1c;border:2px solid #a01c1c}
button:focus-visible,a:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #f0a500;outline-offset:2px;box-shadow:0 0 0 5px #1c2430}
label{display:block;font-weight:600;margin:0 0 .25rem;font-size:.95rem}
input,select{display:block;width:100%;min-height:44px;font:inherit;padding:.65rem .7rem;border:1px solid #7a8494;border-radius:8px;background:#fff;color:#1c2430}
.field{margin:0 0 .75rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem;align-items:end}
.error{color:#a01c1c;font-size:.88rem;margin:.25rem 0 0}
input[aria-invalid=true]{border-color:#a01c1c;border-width:2px}
.framed main{padding:.75rem .85rem}
.secure{display:flex;align-items:center;gap:.4rem;color:#2f5d3a;font-size:.85rem;margin:0 0 .75rem}
.processor{color:#4a5566;font-size:.85rem;margin:0 0 .75rem}
.card-line{font-weight:700;font-size:1.05rem;margin:0 0 .75rem}
.result{font-size:1.1rem;font-weight:700}
.ok{color:#0f6b3c}
.bad{color:#a01c1c}
a{color:#0b4f8a}
.links a{display:inline-flex;align-items:center;min-height:44px}
`;

// The sandbox's pages: it stands in for an outside processor and a bank, so it shares no view code with our
// checkout. Every page wears a "pruebas" ribbon, the card form framed in our checkout too, so nobody takes it for a
// real bank or types a real card.
import type { FastifyReply } from 'fastify';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escape = (value: string | number): string => String(value).replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Escaped text; nested Raw values (other templates) go in as they are. */
export class Raw {
  constructor(readonly html: string) {}
}

export function html(strings: TemplateStringsArray, ...values: Array<string | number | Raw | Raw[] | null | undefined>): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    if (Array.isArray(value)) out += value.map((v) => v.html).join('');
    else if (value instanceof Raw) out += value.html;
    else if (value !== null && value !== undefined) out += escape(value);
    out += strings[i + 1] ?? '';
  });
  return new Raw(out);
}

const money = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 0 });
export const pesos = (monto: number | string): string => money.format(Number(monto));

export interface PageOptions {
  title: string;
  /** Origins this page may post forms to (and be redirected to after a post), besides its own. */
  formTargets?: string[];
  /** Origins allowed to frame the page; none by default. */
  frameAncestors?: string[];
  /** A compact page, made to sit in a frame. */
  framed?: boolean;
}

/**
 * A framed page tells the page that frames it how tall its content is (the card form grows with its errors and
 * shrinks at the cuotas step), so no part of it hides behind a scroll inside the frame and no empty box sits below it. Only its height, and only to the origin allowed to frame it.
 * A form sent back with errors puts the focus on the first field to fix, so a keyboard or screen reader user lands
 * there and hears its label and error (the frame reloads, which would otherwise leave the focus nowhere).
 */
export const FRAME_JS = `(function () {
  var invalid = document.querySelector('[aria-invalid="true"]');
  if (invalid) invalid.focus();
  var parent = document.body.getAttribute('data-parent-origin');
  if (window.parent === window || !parent) return;
  // The content's own height: the root's scrollHeight is never less than the frame, so the frame could only grow
  // and a shorter step (the cuotas after the card form) would sit above an empty box.
  function send() {
    window.parent.postMessage({ tipo: 'alto-marco', alto: Math.ceil(document.documentElement.getBoundingClientRect().height) }, parent);
  }
  if (window.ResizeObserver) new ResizeObserver(send).observe(document.body);
  window.addEventListener('load', send);
  send();
})();
`;

export function sendPage(reply: FastifyReply, status: number, body: Raw, options: PageOptions): string {
  const ancestors = options.frameAncestors?.length ? options.frameAncestors.join(' ') : "'none'";
  const parentOrigin = options.framed ? (options.frameAncestors?.[0] ?? null) : null;
  void reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        `form-action 'self' ${(options.formTargets ?? []).join(' ')}`.trim(),
        `frame-ancestors ${ancestors}`,
        "base-uri 'none'",
      ].join('; '),
    );
  return `<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(options.title)}</title>
<link rel="stylesheet" href="/assets/sandbox.css">
${parentOrigin ? '<script src="/assets/marco.js" defer></script>' : ''}
</head>
<body class="${options.framed ? 'framed' : 'page'}"${parentOrigin ? ` data-parent-origin="${escape(parentOrigin)}"` : ''}>
<p class="ribbon" role="note">Entorno de pruebas: ningún dinero real se mueve aquí</p>
${body.html}
</body>
</html>`;
}

export const originOf = (url: string | null | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

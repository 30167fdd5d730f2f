// The hosted page's frame: header, the charge's summary (merchant, amount as "$ 150.000", concept), the screen.
import { formatPesos } from '../../../domain/formats.js';
import { html, type Raw } from './html.js';
import { ICONS } from './icons.js';

export interface Summary {
  merchantName: string;
  monto: number;
  descripcion: string | null;
  referencia: string;
}

export interface LayoutOptions {
  title: string;
  summary: Summary | null;
  /**
   * A payment being confirmed: without JavaScript the page reloads itself after this many seconds. With it,
   * checkout.js asks `[data-estado]`'s URL instead, and reloads once the screen has changed.
   */
  refreshSeconds?: number;
  /**
   * The page is served over https (PUBLIC_BASE_URL): only then does the top bar show the padlock ("Pago seguro") and
   * the footer say the data travel encrypted. Over plain http the bar shows the brand alone.
   */
  https?: boolean;
}

export function layout(body: Raw, options: LayoutOptions): string {
  const { summary } = options;
  const title = summary ? `${options.title} · ${summary.merchantName}` : options.title;
  return html`<!doctype html>
<html lang="es-CO">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light">
${options.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${options.refreshSeconds}"></noscript>` : null}
<title>${title}</title>
<link rel="stylesheet" href="/checkout/assets/checkout.css">
<script src="/checkout/assets/checkout.js" defer></script>
</head>
<body>
<a class="skip" href="#contenido">Saltar al contenido</a>
<header class="topbar">
  <span class="brand">${ICONS.brand} Pasarela</span>
  ${options.https ? html`<span class="secure">${ICONS.lock} Pago seguro</span>` : null}
</header>
<main id="contenido" class="sheet">
${
  summary
    ? html`<section class="summary" aria-label="Resumen del pago">
  <p class="payee">Pagas a</p>
  <h1>${summary.merchantName}</h1>
  <p class="amount">${formatPesos(summary.monto)}</p>
  ${summary.descripcion ? html`<p class="concept">${summary.descripcion}</p>` : null}
  <p class="reference">Referencia: ${summary.referencia}</p>
</section>`
    : null
}
${body}
</main>
<footer class="foot">
  <p>Pasarela procesa este pago${summary ? html` para ${summary.merchantName}` : null}${summary?.merchantName.endsWith('.') ? '' : '.'}${options.https ? ' Tus datos viajan cifrados y la' : ' La'} tarjeta la recibe solo la entidad de pagos.</p>
</footer>
</body>
</html>
`.html;
}

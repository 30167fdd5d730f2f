// The card form the checkout frames (sandbox origin): step 1 takes the card, step 2 (cuotas for a credit card)
// posts only a token to the gateway's page, from a button the buyer presses, so the top page may navigate.
import { MAX_INSTALLMENTS, type CardInput } from '../cards.js';
import { html, pesos, type Raw } from './page.js';

const LOCK = html`<svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V11a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5zm-3 8V6a3 3 0 1 1 6 0v3H9z"/></svg>`;

type Errors = Partial<Record<keyof CardInput, string>>;

function field(name: keyof CardInput, label: string, errors: Errors, attributes: Raw, value = ''): Raw {
  const error = errors[name];
  return html`<div class="field">
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" value="${value}" ${attributes} ${error ? html`aria-invalid="true" aria-describedby="${name}-error"` : null}>
    ${error ? html`<p class="error" id="${name}-error">${error}</p>` : null}
  </div>`;
}

/**
 * Step 1. The number and the code are never sent back to the browser, even after an error. `https`: the sandbox is
 * served over https (SANDBOX_PUBLIC_URL); only then does the form show the padlock and say the data travel encrypted.
 * Either way it says what holds over plain http too: the data go to the processor, not to the merchant.
 */
export function cardFormPage(https: boolean, errors: Errors = {}, kept: { nombre?: string; vence?: string } = {}): Raw {
  const where = https
    ? html`<p class="secure">${LOCK} Formulario seguro: tus datos van cifrados al procesador, no al comercio.</p>`
    : html`<p class="processor">Tus datos van al procesador, no al comercio.</p>`;
  return html`<main>
  <form method="post" novalidate>
    ${where}
    ${field('numero', 'Número de la tarjeta', errors, html`inputmode="numeric" autocomplete="cc-number" maxlength="23" required`)}
    ${field('nombre', 'Nombre como aparece en la tarjeta', errors, html`autocomplete="cc-name" maxlength="60" required`, kept.nombre ?? '')}
    <div class="row">
      ${field('vence', 'Vence (MM/AA)', errors, html`inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7" required`, kept.vence ?? '')}
      ${field('cvc', 'Código de seguridad', errors, html`inputmode="numeric" autocomplete="cc-csc" maxlength="4" required`)}
    </div>
    <button class="primary" type="submit">Continuar</button>
  </form>
</main>`;
}

export interface ConfirmView {
  confirmUrl: string;
  token: string;
  brand: string;
  type: 'credito' | 'debito';
  last4: string;
  monto: string;
  formId: string;
}

/** Step 2: the token goes to the gateway's page (the whole window), with the cuotas of a credit card. */
export function cardConfirmPage(view: ConfirmView): Raw {
  const options = Array.from({ length: MAX_INSTALLMENTS }, (_, i) => i + 1).map(
    (n) => html`<option value="${n}">${n === 1 ? '1 cuota' : `${n} cuotas`}</option>`,
  );
  return html`<main>
  <form method="post" action="${view.confirmUrl}" target="_top">
    <p class="secure">${LOCK} Tarjeta verificada</p>
    <p class="card-line">${view.brand} ${view.type === 'credito' ? 'crédito' : 'débito'} terminada en ${view.last4}</p>
    <input type="hidden" name="tokenTarjeta" value="${view.token}">
    ${
      view.type === 'credito'
        ? html`<div class="field">
      <label for="cuotas">Número de cuotas</label>
      <select id="cuotas" name="cuotas" required>${options}</select>
    </div>`
        : null
    }
    <button class="primary" type="submit">Pagar ${pesos(view.monto)}</button>
  </form>
  <p class="links"><a href="/tarjeta/${view.formId}">Usar otra tarjeta</a></p>
</main>`;
}

export function cardClosedPage(): Raw {
  return html`<main><p class="note" role="status">Este pago ya no recibe tarjetas.</p></main>`;
}

// The cash network's counter, played by the sandbox: a cashier types the voucher's reference and takes the money.
import { CASH_AGREEMENT_CODE } from '../sandbox-payments.js';
import { html, type Raw } from './page.js';

export interface CounterResult {
  ok: boolean;
  message: string;
}

export function cashNetworkPage(result: CounterResult | null = null, referencia = ''): Raw {
  return html`<main class="bank">
  <header class="bank-head">
    <h1>Red de pagos en efectivo</h1>
    <p>Simulador de caja · convenio ${CASH_AGREEMENT_CODE}</p>
  </header>
  <div class="bank-body">
    ${
      // A refusal is for the cashier to act on (check the reference, do not take the money): announced at once.
      result ? html`<p class="result ${result.ok ? 'ok' : 'bad'}" role="${result.ok ? 'status' : 'alert'}">${result.message}</p>` : null
    }
    <form method="post" action="/red-efectivo">
      <div class="field">
        <label for="referencia">Referencia de pago</label>
        <input id="referencia" name="referencia" inputmode="numeric" autocomplete="off" required value="${referencia}">
      </div>
      <div class="field">
        <label for="monto">Valor recibido (pesos, opcional)</label>
        <input id="monto" name="monto" inputmode="numeric" autocomplete="off">
      </div>
      <button class="primary" type="submit">Recibir pago</button>
    </form>
  </div>
</main>`;
}

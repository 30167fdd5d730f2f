// The (sandbox) bank's PSE page: who pays, how much, and the buyer's decision. Test banks decide by themselves.
import { formatDocumentNumber } from '../../../../kernel/document-number.js';
import type { SandboxBank } from '../banks.js';
import type { AttemptRow, SessionRow } from '../sandbox-ledger.js';
import { html, pesos, type Raw } from './page.js';

const TEST_BANK_NOTES: Record<NonNullable<SandboxBank['prueba']>, string> = {
  aprueba: 'Banco de pruebas: al continuar, el pago queda aprobado.',
  rechaza: 'Banco de pruebas: al continuar, el banco rechaza el pago.',
  pendiente: 'Banco de pruebas: al continuar, el pago queda en proceso y el banco lo aprueba más tarde.',
};

const PERSON: Record<string, string> = { natural: 'Persona natural', juridica: 'Persona jurídica' };

const STATES: Record<string, string> = {
  procesando: 'El banco está procesando este pago.',
  aprobado: 'Este pago ya fue autorizado.',
  rechazado: 'Este pago fue rechazado.',
  cancelado: 'Esta transacción fue cancelada: se empezó otro pago para esta compra.',
};

export function bankPage(bank: SandboxBank, session: SessionRow, attempt: AttemptRow): Raw {
  const payer = attempt.pagador;
  const decided = attempt.estado !== 'iniciado';
  return html`<main class="bank">
  <header class="bank-head">
    <h1>${bank.nombre}</h1>
    <p>Pago PSE · débito desde tu cuenta</p>
  </header>
  <div class="bank-body">
    <p>Valor a debitar</p>
    <p class="amount">${pesos(session.monto)}</p>
    <dl>
      <dt>Referencia</dt><dd>${session.referencia}</dd>
      ${session.descripcion ? html`<dt>Concepto</dt><dd>${session.descripcion}</dd>` : null}
      ${payer ? html`<dt>Titular</dt><dd>${payer.nombre}</dd>
      <dt>Documento</dt><dd>${payer.tipoDocumento} ${formatDocumentNumber(payer.tipoDocumento, payer.numeroDocumento)}</dd>
      <dt>Tipo</dt><dd>${PERSON[payer.tipoPersona] ?? payer.tipoPersona}</dd>` : null}
    </dl>
    ${bank.prueba && !decided ? html`<p class="note">${TEST_BANK_NOTES[bank.prueba]}</p>` : null}
    ${
      decided
        ? html`<p class="note" role="status">${STATES[attempt.estado] ?? 'Esta transacción ya no está abierta.'}</p>
    ${attempt.url_retorno ? html`<p class="links"><a href="${attempt.url_retorno}">Volver al comercio</a></p>` : null}`
        : html`<form method="post" class="actions">
      ${
        bank.prueba
          ? html`<button class="primary" type="submit" name="decision" value="aprobar">Continuar</button>`
          : html`<button class="primary" type="submit" name="decision" value="aprobar">Autorizar pago</button>
      <button class="secondary" type="submit" name="decision" value="rechazar">Rechazar</button>`
      }
    </form>`
    }
  </div>
</main>`;
}

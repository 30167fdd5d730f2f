// The hosted page's payment screens: choose a method, PSE's form, the provider's card frame, cash.
// Plain links and forms: every step works without JavaScript.
import { DIGITS_ONLY_DOCUMENTS, documentNumber, TIPOS_DOCUMENTO, type TipoDocumento } from '../../../domain/pagador.js';
import { NIT_EXAMPLE, NIT_FORMAT } from '../../../domain/nit.js';
import { html, type Raw } from './html.js';
import { ICONS } from './icons.js';

export interface Links {
  self: string;
  back: string | null;
  merchantName: string;
}

const otherMethod = (links: Links): Raw => html`<p class="links"><a href="${links.self}">Elegir otro medio de pago</a></p>`;

export interface PendingBank {
  name: string | null;
  url: string;
}

/** A PSE debit the buyer started and left at the bank: the way back to it, on the chooser and on the PSE form. */
const pendingPseNotice = (pendingBank: PendingBank | null): Raw | null =>
  pendingBank
    ? html`<p class="notice info">Empezaste un pago PSE${pendingBank.name ? ` con ${pendingBank.name}` : ''}. <a href="${pendingBank.url}">Continuar en el banco</a>, o elige otro medio: el pago PSE sin terminar se cancela.</p>`
    : null;

export function chooseMethod(links: Links, pendingBank: PendingBank | null): Raw {
  return html`<section class="panel" aria-labelledby="metodos">
  <h2 id="metodos">¿Cómo quieres pagar?</h2>
  ${pendingPseNotice(pendingBank)}
  <ul class="methods">
    <li><a class="method" href="${links.self}?metodo=pse">${ICONS.bank}<span><strong>PSE</strong><small>Débito desde tu cuenta de ahorros o corriente</small></span><span class="chev">${ICONS.chevron}</span></a></li>
    <li><a class="method" href="${links.self}?metodo=tarjeta">${ICONS.card}<span><strong>Tarjeta de crédito o débito</strong><small>Visa, Mastercard, American Express; crédito hasta 36 cuotas</small></span><span class="chev">${ICONS.chevron}</span></a></li>
    <li><a class="method" href="${links.self}?metodo=efectivo">${ICONS.cash}<span><strong>Efectivo</strong><small>Recibe un código y paga en un punto de pago</small></span><span class="chev">${ICONS.chevron}</span></a></li>
  </ul>
  ${links.back ? html`<p class="links"><a href="${links.back}">Cancelar y volver a ${links.merchantName}</a></p>` : null}
</section>`;
}

export const DOCUMENT_NAMES: Record<TipoDocumento, string> = {
  CC: 'Cédula de ciudadanía',
  CE: 'Cédula de extranjería',
  NIT: 'NIT',
  PP: 'Pasaporte',
  TI: 'Tarjeta de identidad',
  RC: 'Registro civil',
  DE: 'Documento de identificación extranjero',
  PPT: 'Permiso por Protección Temporal',
};

/** The buyer's words for each field's problem. */
export const PSE_MESSAGES: Record<string, string> = {
  banco: 'Elige tu banco.',
  tipoPersona: 'Elige si eres persona natural o jurídica.',
  tipoDocumento: 'Elige el tipo de documento. Una persona jurídica paga con su NIT.',
  numeroDocumento: `Escribe el número de documento. Un NIT va con su dígito de verificación, así: ${NIT_EXAMPLE}.`,
  nombre: 'Escribe el nombre del titular de la cuenta.',
  email: 'Escribe un correo electrónico válido, por ejemplo nombre@correo.com.',
  telefono: 'Escribe un celular de 7 a 15 dígitos, o déjalo vacío.',
};

/** What a number of each document type looks like, for a number the form refused (said in the buyer's words). */
const DOCUMENT_NUMBER_HINTS: Record<TipoDocumento, string> = {
  CC: 'La cédula de ciudadanía lleva de 3 a 10 dígitos, con o sin puntos de miles, sin espacios.',
  TI: 'La tarjeta de identidad lleva de 6 a 11 dígitos, con o sin puntos de miles, sin espacios.',
  RC: 'El registro civil lleva de 6 a 11 dígitos, con o sin puntos de miles, sin espacios.',
  NIT: `Escribe el NIT con su dígito de verificación después de un guion, así: ${NIT_EXAMPLE}.`,
  CE: 'La cédula de extranjería lleva de 3 a 12 letras o números, sin espacios ni guiones.',
  PP: 'El pasaporte lleva de 3 a 12 letras o números, sin espacios ni guiones.',
  DE: 'El documento extranjero lleva de 3 a 16 letras o números, sin espacios ni guiones.',
  PPT: 'El Permiso por Protección Temporal lleva de 3 a 12 letras o números, sin espacios ni guiones.',
};

/**
 * The document number's problem as the buyer can act on it: empty, not the shape of the chosen type, or a NIT whose
 * check digit does not match (a single "write the number" would tell someone who did write it nothing).
 */
export function documentNumberMessage(values: Record<string, string>): string {
  const tipo = values.tipoDocumento as TipoDocumento;
  const numero = documentNumber(tipo, (values.numeroDocumento ?? '').trim());
  if (numero === '') return PSE_MESSAGES.numeroDocumento ?? '';
  if (tipo === 'NIT' && NIT_FORMAT.test(numero)) {
    return 'El dígito de verificación (después del guion) no corresponde a ese NIT: revisa el número y el dígito.';
  }
  return DOCUMENT_NUMBER_HINTS[tipo] ?? PSE_MESSAGES.numeroDocumento ?? '';
}

const LABELS: Record<string, string> = {
  banco: 'Banco',
  tipoPersona: 'Tipo de persona',
  tipoDocumento: 'Tipo de documento',
  numeroDocumento: 'Número de documento',
  nombre: 'Nombre del titular',
  email: 'Correo electrónico',
  telefono: 'Celular',
};

export interface PseFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

function input(name: string, label: Raw | string, state: PseFormState, attributes: Raw): Raw {
  const error = state.errors[name];
  return html`<div class="field">
    <label for="${name}">${label}</label>
    <input id="${name}" name="${name}" value="${state.values[name] ?? ''}" ${attributes}${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : null}>
    ${error ? html`<p class="field-error" id="${name}-error">${error}</p>` : null}
  </div>`;
}

export function pseForm(links: Links, banks: Array<{ codigo: string; nombre: string }>, state: PseFormState, pendingBank: PendingBank | null): Raw {
  const { values, errors } = state;
  const invalid = (name: string): Raw | null => (errors[name] ? html` aria-invalid="true" aria-describedby="${name}-error"` : null);
  const errorOf = (name: string): Raw | null => (errors[name] ? html`<p class="field-error" id="${name}-error">${errors[name]}</p>` : null);
  const persona = values.tipoPersona ?? 'natural';
  // In the form's order, so the summary reads top to bottom like the fields.
  const errorList = [...Object.keys(LABELS).filter((name) => errors[name]), ...Object.keys(errors).filter((name) => !(name in LABELS))];
  return html`<section class="panel" aria-labelledby="pse">
  <h2 id="pse">Pagar con PSE</h2>
  <p class="hint">Te llevaremos a la página de tu banco para que autorices el débito.</p>
  ${pendingPseNotice(pendingBank)}
  ${
    errorList.length > 0
      ? html`<div class="notice error error-summary" role="alert" tabindex="-1" autofocus>
    <h3>Revisa estos datos</h3>
    <ul>${errorList.map((name) => html`<li><a href="#${name}">${LABELS[name] ?? name}: ${errors[name] ?? ''}</a></li>`)}</ul>
  </div>`
      : null
  }
  <form method="post" action="${links.self}/pse" novalidate>
    <div class="field">
      <label for="banco">Banco</label>
      <select id="banco" name="banco" required${invalid('banco')}>
        <option value="">Elige tu banco</option>
        ${banks.map((bank) => html`<option value="${bank.codigo}"${values.banco === bank.codigo ? html` selected` : null}>${bank.nombre}</option>`)}
      </select>
      ${errorOf('banco')}
    </div>
    <fieldset class="field"${errors.tipoPersona ? html` aria-describedby="tipoPersona-error"` : null}>
      <legend id="tipoPersona">Tipo de persona</legend>
      <div class="choices">
        <label class="choice"><input type="radio" name="tipoPersona" value="natural"${persona === 'natural' ? html` checked` : null}> Natural</label>
        <label class="choice"><input type="radio" name="tipoPersona" value="juridica"${persona === 'juridica' ? html` checked` : null}> Jurídica</label>
      </div>
      ${errorOf('tipoPersona')}
    </fieldset>
    <div class="row">
      <div class="field">
        <label for="tipoDocumento">Tipo de documento</label>
        <select id="tipoDocumento" name="tipoDocumento" required${invalid('tipoDocumento')}>
          ${TIPOS_DOCUMENTO.map((tipo) => html`<option value="${tipo}"${(values.tipoDocumento ?? 'CC') === tipo ? html` selected` : null}${DIGITS_ONLY_DOCUMENTS.includes(tipo) ? html` data-solo-digitos` : null}>${DOCUMENT_NAMES[tipo]}</option>`)}
        </select>
        ${errorOf('tipoDocumento')}
      </div>
      ${input('numeroDocumento', 'Número de documento', state, html`type="text" inputmode="text" autocomplete="off" maxlength="20" required`)}
    </div>
    ${input('nombre', 'Nombre del titular de la cuenta', state, html`type="text" autocomplete="name" maxlength="100" required`)}
    ${input('email', 'Correo electrónico', state, html`type="email" autocomplete="email" maxlength="254" required`)}
    ${input('telefono', html`Celular <span class="optional">(opcional)</span>`, state, html`type="tel" autocomplete="tel" maxlength="20"`)}
    <button class="primary" type="submit">Continuar al banco</button>
  </form>
  ${otherMethod(links)}
</section>`;
}

/** `secure`: the page and the frame are served over https; only then do the hint and the frame's title say "seguro". */
export function cardPanel(links: Links, frameUrl: string, error: string | null, secure: boolean): Raw {
  const form = secure ? 'el formulario seguro de la entidad de pagos' : 'el formulario de la entidad de pagos';
  const title = secure ? 'Formulario seguro para los datos de la tarjeta' : 'Formulario de la entidad de pagos para los datos de la tarjeta';
  return html`<section class="panel" aria-labelledby="tarjeta">
  <h2 id="tarjeta">Pagar con tarjeta</h2>
  <p class="hint">Escribe los datos en ${form}: el número de tu tarjeta no pasa por este sitio ni por la tienda.</p>
  ${error ? html`<p class="notice error" role="alert">${error}</p>` : null}
  <iframe class="card-frame" src="${frameUrl}" title="${title}" referrerpolicy="no-referrer"></iframe>
  ${otherMethod(links)}
</section>`;
}

export function cashPanel(links: Links): Raw {
  return html`<section class="panel" aria-labelledby="efectivo">
  <h2 id="efectivo">Pagar en efectivo</h2>
  <p class="hint">Te daremos un código de pago con fecha límite. Lo pagas en un punto de pago en efectivo y tu compra se confirma cuando el punto reporte el dinero.</p>
  <p class="notice info">Después de generar el código ya no podrás cambiar de medio de pago para esta compra.</p>
  <form method="post" action="${links.self}/efectivo">
    <button class="primary" type="submit">Generar código de pago</button>
  </form>
  ${otherMethod(links)}
</section>`;
}

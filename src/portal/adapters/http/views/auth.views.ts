// The screens before a session exists: sign-in and accepting an invitation.
import type { MerchantRole } from '../../../../kernel/principal.js';
import type { PasswordProblem } from '../../../../merchants/domain/password.js';
import { PASSWORD_MIN_LENGTH } from '../../../../merchants/domain/password.js';
import { ROLE_LABEL } from './format.js';
import { errorSummary, field, type FieldErrors } from './forms.js';
import { html, type Content } from './html.js';
import { csrfField, layout } from './layout.js';

export interface SignInForm {
  csrf: string;
  email?: string;
  volver?: string;
  /** Shown above the form: why the person is here (signed out, session ended) or what went wrong. */
  notice?: { kind: 'info' | 'bad'; text: string };
  /** The merchants to choose from when the email has access to several. */
  merchants?: Array<{ id: string; nombre: string }>;
}

function authCard(content: Content): Content {
  return html`<div class="auth"><p class="brand-big" aria-hidden="true">Pasarela</p><div class="card">${content}</div></div>`;
}

export function signInPage(form: SignInForm): string {
  // A refusal takes the focus, so it is read first (a role="alert" there when the page opens is not reliably read).
  const refused = form.notice?.kind === 'bad';
  const notice = form.notice
    ? html`<div class="notice ${form.notice.kind}" role="${refused ? 'alert' : 'status'}"${refused ? html` tabindex="-1" autofocus` : ''}>${form.notice.text}</div>`
    : '';
  const choose = form.merchants
    ? html`<fieldset>
  <legend>¿A qué comercio quieres entrar?</legend>
  <p class="hint">Tu correo tiene acceso a varios comercios. Elige uno y escribe otra vez tu contraseña.</p>
  ${form.merchants.map(
    (m, i) => html`<label class="radio"><input type="radio" name="comercio" value="${m.id}"${i === 0 ? html` checked` : ''}> ${m.nombre}</label>`,
  )}
</fieldset>`
    : '';
  return layout(
    authCard(html`<h1>Ingresa al portal</h1>
<p class="lead">Pagos, resumen y configuración de tu comercio.</p>
${notice}
<form method="post" action="/portal/ingresar" class="stack">
  ${csrfField(form.csrf)}
  ${form.volver ? html`<input type="hidden" name="volver" value="${form.volver}">` : ''}
  ${field('email', 'Correo electrónico', { type: 'email', value: form.email, autocomplete: 'username', required: true, autofocus: !form.email })}
  ${field('password', 'Contraseña', { type: 'password', autocomplete: 'current-password', required: true, autofocus: !!form.email && !refused })}
  ${choose}
  <div class="actions"><button type="submit">Ingresar</button></div>
</form>
<p class="hint">¿Aún no tienes contraseña? Un administrador de tu comercio te invita desde Configuración › Personas. ¿La olvidaste? Pídele el «Enlace para nueva contraseña» de esa misma página; si eres el único administrador, pídeselo al equipo de Pasarela.</p>`),
    { title: 'Ingresar', session: null },
  );
}

export const PASSWORD_MESSAGES: Record<PasswordProblem | 'mismatch', string> = {
  too_short: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  too_long: 'La contraseña puede tener como máximo 128 caracteres.',
  contains_email: 'La contraseña no puede contener tu correo ni la parte antes de la @.',
  too_common: 'Esa contraseña es demasiado común o fácil de adivinar: elige otra.',
  mismatch: 'Las dos contraseñas no coinciden.',
};

export interface InvitationForm {
  csrf: string;
  token: string;
  nombre: string;
  email: string;
  merchantNombre: string;
  rol: MerchantRole;
  errors?: FieldErrors;
}

/** The form that sets a password: accepting an invitation and a reset link alike. */
function choosePasswordForm(action: string, csrf: string, email: string, errors: FieldErrors) {
  return html`${errorSummary(errors)}
<form method="post" action="${action}" class="stack">
  ${csrfField(csrf)}
  ${field('email', 'Tu correo (con él ingresarás)', { type: 'email', value: email, autocomplete: 'username', readonly: true })}
  ${field('password', 'Contraseña nueva', {
    type: 'password',
    autocomplete: 'new-password',
    required: true,
    autofocus: true,
    hint: `Al menos ${PASSWORD_MIN_LENGTH} caracteres. Una frase que recuerdes sirve: por ejemplo, cuatro palabras.`,
    error: errors.password,
  })}
  ${field('confirmacion', 'Repite la contraseña', { type: 'password', autocomplete: 'new-password', required: true, error: errors.confirmacion })}
  <div class="actions"><button type="submit">Guardar contraseña y entrar</button></div>
</form>`;
}

export function invitationPage(form: InvitationForm): string {
  const errors = form.errors ?? {};
  return layout(
    authCard(html`<h1>Hola, ${form.nombre}</h1>
<p><strong>${form.merchantNombre}</strong> te invitó a su portal de Pasarela con el rol <strong>${ROLE_LABEL[form.rol]}</strong>.
Elige una contraseña para entrar.</p>
${choosePasswordForm(`/portal/invitacion/${form.token}`, form.csrf, form.email, errors)}`),
    { title: 'Aceptar la invitación', session: null },
  );
}

export function invitationGonePage(expired: boolean): string {
  return layout(
    authCard(html`<h1>${expired ? 'Esta invitación venció' : 'Este enlace de invitación no sirve'}</h1>
<p>${
      expired
        ? 'Las invitaciones valen 7 días. Pide a un administrador de tu comercio que te invite de nuevo.'
        : 'Puede que ya lo hayas usado (entonces ingresa con tu correo y contraseña), que lo hayan retirado o que esté incompleto.'
    }</p>
<p><a class="button" href="/portal/ingresar">Ir a ingresar</a></p>`),
    { title: expired ? 'Invitación vencida' : 'Invitación no válida', session: null },
  );
}

export interface PasswordResetForm {
  csrf: string;
  token: string;
  nombre: string;
  email: string;
  merchantNombre: string;
  errors?: FieldErrors;
}

export function passwordResetPage(form: PasswordResetForm): string {
  const errors = form.errors ?? {};
  return layout(
    authCard(html`<h1>Hola, ${form.nombre}</h1>
<p>Elige una contraseña nueva para el portal de <strong>${form.merchantNombre}</strong>${form.merchantNombre.endsWith('.') ? '' : '.'} Al guardarla se cerrarán todas tus
sesiones abiertas y la anterior dejará de servir.</p>
${choosePasswordForm(`/portal/restablecer/${form.token}`, form.csrf, form.email, errors)}`),
    { title: 'Elegir una contraseña nueva', session: null },
  );
}

export function passwordResetGonePage(expired: boolean): string {
  return layout(
    authCard(html`<h1>${expired ? 'Este enlace venció' : 'Este enlace ya no sirve'}</h1>
<p>${
      expired
        ? 'Los enlaces para elegir una contraseña nueva valen una hora. Pide a un administrador de tu comercio uno nuevo.'
        : 'Puede que ya lo hayas usado (entonces ingresa con tu correo y tu contraseña nueva), que hayan pedido otro después o que esté incompleto.'
    }</p>
<p><a class="button" href="/portal/ingresar">Ir a ingresar</a></p>`),
    { title: expired ? 'Enlace vencido' : 'Enlace no válido', session: null },
  );
}

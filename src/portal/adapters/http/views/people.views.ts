// Configuración › Personas: who has access, with their role; administrators invite, change roles and remove access.
import type { Invitation, PasswordResetLink } from '../../../../merchants/application/people/people.commands.js';
import type { Person } from '../../../../merchants/domain/person.js';
import type { PortalSession } from '../../../application/portal-session.js';
import { date, dateTime, endSentence, ROLE_LABEL } from './format.js';
import { copyField, errorSummary, field, okNotice, problemNotice, type FieldErrors } from './forms.js';
import { html, type Html } from './html.js';
import { csrfField } from './layout.js';
import { settingsPage } from './settings.views.js';

export interface InviteForm {
  nombre: string;
  email: string;
  rol: string;
}

export interface PeoplePageModel {
  people: Person[];
  form: InviteForm;
  errors: FieldErrors;
  done?: string;
  problem?: string;
  /** The clock's now: an invitation past its end shows as expired. */
  now: Date;
}

const ROLE_HELP = {
  administrador: 'Ve todo y cambia la configuración: sitio web, webhook y personas.',
  lectura: 'Ve pagos, resumen y configuración, pero no puede cambiar nada.',
};

function roleControl(session: PortalSession, person: Person): Html {
  return html`<form method="post" action="/portal/configuracion/personas/${person.id}/rol" class="actions role">
    ${csrfField(session.csrf)}
    <label class="visually-hidden" for="rol-${person.id}">Rol de ${person.nombre}</label>
    <select id="rol-${person.id}" name="rol">
      ${(['administrador', 'lectura'] as const).map((r) => html`<option value="${r}"${person.rol === r ? html` selected` : ''}>${ROLE_LABEL[r]}</option>`)}
    </select>
    <button type="submit" class="secondary">Cambiar rol<span class="visually-hidden"> de ${person.nombre}</span></button>
  </form>`;
}

// A post, not a link: issuing writes (the new link replaces the previous one), so it carries the anti-forgery token.
function resetControl(session: PortalSession, person: Person): Html {
  return html`<form method="post" action="/portal/configuracion/personas/${person.id}/restablecer" class="actions">
    ${csrfField(session.csrf)}
    <button type="submit" class="secondary">Enlace para nueva contraseña<span class="visually-hidden"> de ${person.nombre}</span></button>
  </form>`;
}

/** An address that may wrap only after its @ (ana@<wbr>cafe.co), never mid-word as in "ana@cafe.c / o". */
function emailWithBreak(email: string): Html {
  const at = email.lastIndexOf('@');
  return at < 0 ? html`${email}` : html`${email.slice(0, at + 1)}<wbr>${email.slice(at + 1)}`;
}

// An invitation that expired unused: inviting the same email again with the same role renews it (InvitePerson), so
// the button posts the invitation form with this person's name, email and role.
function inviteAgainControl(session: PortalSession, person: Person): Html {
  return html`<form method="post" action="/portal/configuracion/personas" class="actions">
    ${csrfField(session.csrf)}<input type="hidden" name="nombre" value="${person.nombre}"><input type="hidden" name="email" value="${person.email}"><input type="hidden" name="rol" value="${person.rol}">
    <button type="submit" class="secondary">Invitar de nuevo<span class="visually-hidden"> a ${person.nombre}</span></button>
  </form>`;
}

const expired = (person: Person, now: Date): boolean =>
  person.estado === 'invitada' && person.invitacionExpiraEn !== null && Date.parse(person.invitacionExpiraEn) <= now.getTime();

function stateCell(person: Person, now: Date, admin: boolean): Html {
  if (person.estado === 'activa') return html`<span class="badge ok">Con acceso</span>`;
  if (!expired(person, now)) return html`<span class="badge warn">Invitación enviada</span>`;
  return html`<div><span class="badge bad">Invitación vencida</span><br><span class="hint">El enlace venció el ${date(person.invitacionExpiraEn ?? '')} sin usarse. ${
    admin ? 'Con "Invitar de nuevo" recibes un enlace nuevo para enviarle, con el mismo rol.' : 'Un administrador puede enviarle una invitación nueva.'
  }</span></div>`;
}

function row(session: PortalSession, person: Person, admin: boolean, now: Date): Html {
  const self = person.id === session.principal.actor.id;
  return html`<tr>
    <td data-label="Nombre"><div>${person.nombre}${self ? html` <span class="badge gray">Tú</span>` : ''}</div></td>
    <td data-label="Correo"><span class="mono email">${emailWithBreak(person.email)}</span></td>
    <td data-label="Rol">${admin ? roleControl(session, person) : ROLE_LABEL[person.rol]}</td>
    <td data-label="Estado">${stateCell(person, now, admin)}</td>
    <td data-label="Desde" class="nowrap">${date(person.creadoEn)}</td>
    ${admin ? html`<td data-label="">${person.estado === 'activa' ? resetControl(session, person) : expired(person, now) ? inviteAgainControl(session, person) : ''}<a href="/portal/configuracion/personas/${person.id}/quitar">Quitar acceso<span class="visually-hidden"> de ${person.nombre}</span></a></td>` : ''}
  </tr>`;
}

function inviteSection(session: PortalSession, form: InviteForm, errors: FieldErrors): Html {
  return html`<section class="card" aria-labelledby="invitar">
  <h2 id="invitar">Invitar a alguien</h2>
  <p class="hint">Recibirás un enlace para enviarle (por correo o chat). Con él elige su contraseña. Vale 7 días.</p>
  ${errorSummary(errors)}
  <form method="post" action="/portal/configuracion/personas" class="stack">
    ${csrfField(session.csrf)}
    ${field('nombre', 'Nombre', { value: form.nombre, error: errors.nombre, required: true, maxlength: 120, autocomplete: 'off' })}
    ${field('email', 'Correo electrónico', { type: 'email', value: form.email, error: errors.email, required: true, autocomplete: 'off' })}
    <fieldset${errors.rol ? html` aria-describedby="campo-rol-error"` : ''}>
      <legend>Rol</legend>
      ${errors.rol ? html`<p class="error-text" id="campo-rol-error">${errors.rol}</p>` : ''}
      ${(['lectura', 'administrador'] as const).map(
        (r, i) => html`<label class="radio"><input type="radio" name="rol" value="${r}"${form.rol === r || (form.rol === '' && i === 0) ? html` checked` : ''}${
          i === 0 ? html` id="campo-rol"` : ''
        }> <span><strong>${ROLE_LABEL[r]}</strong>: ${ROLE_HELP[r]}</span></label>`,
      )}
    </fieldset>
    <div class="actions"><button type="submit">Invitar</button></div>
  </form>
</section>`;
}

export function peoplePage(session: PortalSession, model: PeoplePageModel): string {
  const admin = session.principal.role === 'administrador';
  return settingsPage(
    session,
    'personas',
    'Personas',
    html`${okNotice(model.done)}${problemNotice(model.problem)}
<section aria-labelledby="con-acceso">
  <h2 id="con-acceso">Personas con acceso al portal</h2>
  <div class="table-wrap"><table class="responsive" aria-labelledby="con-acceso">
    <thead><tr><th scope="col">Nombre</th><th scope="col">Correo</th><th scope="col">Rol</th><th scope="col">Estado</th><th scope="col">Desde</th>${
      admin ? html`<th scope="col"><span class="visually-hidden">Acciones</span></th>` : ''
    }</tr></thead>
    <tbody>${model.people.map((p) => row(session, p, admin, model.now))}</tbody>
  </table></div>
  <p class="hint">El comercio siempre conserva al menos un administrador.</p>
</section>
${admin ? inviteSection(session, model.form, model.errors) : ''}`,
  );
}

export function invitedPage(session: PortalSession, invitation: Invitation): string {
  const { person } = invitation;
  return settingsPage(
    session,
    'personas',
    'Invitación creada',
    html`<section class="card" aria-labelledby="enlace">
  <h2 id="enlace">Invitaste a ${person.nombre} (${ROLE_LABEL[person.rol]})</h2>
  ${
    invitation.replaced === 'live'
      ? html`<p class="notice info" role="note" id="invitacion-renovada">${person.email} ya tenía una invitación pendiente: este enlace nuevo la reemplaza y el enlace anterior ya no sirve. Envía solo este.</p>`
      : ''
  }
  <div class="notice warn" role="status">
    ${copyField('enlace-invitacion', `Copia este enlace ahora y envíaselo a ${person.email}. No lo volveremos a mostrar.`, invitation.url)}
    Vale hasta: ${endSentence(dateTime(invitation.expiresAt))} Quien lo abra podrá elegir la contraseña de esta persona: envíalo solo a esa persona.
  </div>
  <p><a class="button" href="/portal/configuracion/personas">Listo, volver a Personas</a></p>
</section>`,
  );
}

export function removePage(session: PortalSession, person: Person): string {
  const self = person.id === session.principal.actor.id;
  return settingsPage(
    session,
    'personas',
    'Quitar acceso',
    html`<section class="card" aria-labelledby="quitar">
  <h2 id="quitar">¿Quitar el acceso de ${person.nombre}?</h2>
  <p>${person.email} dejará de poder entrar al portal${self ? html` (<strong>eres tú</strong>: tu sesión terminará)` : ''}. Podrás enviarle otra invitación cuando quieras.</p>
  <form method="post" action="/portal/configuracion/personas/${person.id}/quitar" class="actions">
    ${csrfField(session.csrf)}
    <button type="submit" class="danger">Sí, quitar el acceso</button>
    <a href="/portal/configuracion/personas">No, volver</a>
  </form>
</section>`,
  );
}

export function passwordResetIssuedPage(session: PortalSession, link: PasswordResetLink): string {
  const { person } = link;
  return settingsPage(
    session,
    'personas',
    'Enlace para nueva contraseña',
    html`<section class="card" aria-labelledby="enlace">
  <h2 id="enlace">Enlace para que ${person.nombre} elija una contraseña nueva</h2>
  <div class="notice warn" role="status">
    ${copyField('enlace-restablecer', `Copia este enlace ahora y envíaselo a ${person.email}. No lo volveremos a mostrar.`, link.url)}
    Vale una sola vez, hasta: ${endSentence(dateTime(link.expiresAt))} Quien lo abra podrá cambiar la contraseña de esta persona: envíalo
    solo a esa persona. Si pides otro, este deja de servir. Al usarlo se cierran todas sus sesiones.
  </div>
  <p><a class="button" href="/portal/configuracion/personas">Listo, volver a Personas</a></p>
</section>`,
  );
}

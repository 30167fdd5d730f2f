// Configuración › Personas (/portal/configuracion/personas): the same InvitePerson, ChangePersonRole and RemovePerson
// commands as /v1/personas, with the person as the actor; the form is checked by the API's own body rules. Also
// IssuePasswordReset, for someone who forgot their password.
import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { DomainError, NotFound } from '../../../kernel/errors.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { isUuid } from '../../../kernel/uuid.js';
import { InvitePersonBody } from '../../../merchants/adapters/http/people.dto.js';
import { ChangePersonRole, InvitePerson, IssuePasswordReset, ListPeople, RemovePerson } from '../../../merchants/application/people/people.commands.js';
import type { Person } from '../../../merchants/domain/person.js';
import type { PortalSession } from '../../application/portal-session.js';
import { formField, formFields } from './form-body.js';
import { sendPage, seeOther } from './page.js';
import { isHttps } from './portal-http.js';
import { PortalController, sessionOf, type PortalRequest } from './portal.guard.js';
import { CONFLICT_TEXT } from './views/error.views.js';
import type { FieldErrors } from './views/forms.js';
import { invitedPage, passwordResetIssuedPage, peoplePage, removePage, type InviteForm } from './views/people.views.js';
import { ownEntry } from '../../../kernel/own-entry.js';
import { NamePeople } from '../../../merchants/application/people/person-access.commands.js';
import { ForbiddenRole } from '../../../merchants/domain/merchant.errors.js';

const FIELD_MESSAGES: Record<string, string> = {
  email: 'Escribe un correo válido, como nombre@tienda.co.',
  nombre: 'Escribe el nombre (hasta 120 caracteres).',
  rol: 'Elige un rol.',
};

const DONE: Record<string, string> = {
  rol: 'Cambiamos el rol.',
  quitada: 'Quitamos el acceso.',
  ya_quitada: 'Esa persona ya no tenía acceso (se lo quitaron hace un momento, quizá desde otra pestaña): no cambiamos nada.',
};

const PROBLEMS: Record<string, string> = {
  ultimo: CONFLICT_TEXT.last_administrator ?? '',
  sin_acceso: 'No cambiamos el rol: esa persona ya no tiene acceso (alguien se lo quitó después de que abriste la página). Puedes invitarla de nuevo.',
};

const PEOPLE_PATH = '/portal/configuracion/personas';

/** A person's id as the API takes it (UuidOr404Pipe): a UUID in either case, lower-cased; anything else names no one. */
function personIdOf(raw: string): string {
  if (!isUuid(raw)) throw new NotFound('Person');
  return raw.toLowerCase();
}

@PortalController()
@Controller('portal/configuracion/personas')
export class PeopleController {
  private readonly https: boolean;

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) config: Config,
  ) {
    this.https = isHttps(config);
  }

  @Get()
  async page(
    @Req() request: PortalRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Query('hecho') hecho: string | undefined,
    @Query('problema') problema: string | undefined,
  ): Promise<string> {
    const session = sessionOf(request);
    return this.render(session, reply, 200, { nombre: '', email: '', rol: '' }, {}, ownEntry(DONE, hecho), ownEntry(PROBLEMS, problema));
  }

  @Post()
  async invite(@Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const session = sessionOf(request);
    const form: InviteForm = formFields(request.body, ['nombre', 'email', 'rol']);
    const body = plainToInstance(InvitePersonBody, form);
    const failures = await validate(body);
    if (failures.length > 0) {
      const errors: FieldErrors = Object.fromEntries(failures.map((f) => [f.property, FIELD_MESSAGES[f.property] ?? 'Revisa este dato.']));
      return this.render(session, reply, 400, form, errors);
    }
    try {
      const invitation = await this.commands.execute(new InvitePerson(session.principal.merchantId, body.email, body.nombre, body.rol, session.principal.actor));
      return sendPage(reply, this.https, 200, invitedPage(session, invitation));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'person_exists') {
        return this.render(session, reply, 409, form, { email: CONFLICT_TEXT.person_exists ?? '' });
      }
      throw error;
    }
  }

  @Post(':id/rol')
  async changeRole(@Param('id') raw: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    const rol = formField(request.body, 'rol');
    const id = personIdOf(raw);
    if (rol !== 'administrador' && rol !== 'lectura') {
      seeOther(reply, this.https, PEOPLE_PATH);
      return;
    }
    try {
      await this.tryChange(reply, () => this.commands.execute(new ChangePersonRole(session.principal.merchantId, id, rol, session.principal.actor)), 'rol');
    } catch (error) {
      if (!(await this.wasRemoved(session, error, id))) throw error;
      seeOther(reply, this.https, `${PEOPLE_PATH}?problema=sin_acceso`);
    }
  }

  /** The confirmation only leads to a write: a read-only person gets the 403 page, not a button that would fail. */
  @Get(':id/quitar')
  async confirmRemoval(@Param('id') raw: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | undefined> {
    const session = sessionOf(request);
    if (session.principal.role !== 'administrador') throw new ForbiddenRole();
    const id = personIdOf(raw);
    try {
      return sendPage(reply, this.https, 200, removePage(session, await this.person(session, id)));
    } catch (error) {
      // Back to this page after the removal (or another tab removed them): the people page says so, as the post does.
      if (!(await this.wasRemoved(session, error, id))) throw error;
      seeOther(reply, this.https, `${PEOPLE_PATH}?hecho=ya_quitada`);
      return undefined;
    }
  }

  @Post(':id/quitar')
  async remove(@Param('id') raw: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const session = sessionOf(request);
    const id = personIdOf(raw);
    let removed: boolean;
    try {
      removed = await this.tryChange(reply, () => this.commands.execute(new RemovePerson(session.principal.merchantId, id, session.principal.actor)), 'quitada');
    } catch (error) {
      // A double click, a reload of the answer, or another tab: the person is gone already; the page says so.
      if (!(await this.wasRemoved(session, error, id))) throw error;
      seeOther(reply, this.https, `${PEOPLE_PATH}?hecho=ya_quitada`);
      return;
    }
    // Removing oneself ends one's access: the next page is the sign-in.
    if (removed && id === session.principal.actor.id) seeOther(reply, this.https, '/portal/ingresar');
  }

  /** 200 with the link (not a redirect), so it is in no URL and no history entry; an `invitada` person is a 409 page. */
  @Post(':id/restablecer')
  async issuePasswordReset(@Param('id') raw: string, @Req() request: PortalRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const session = sessionOf(request);
    const id = personIdOf(raw);
    const link = await this.commands.execute(new IssuePasswordReset(session.principal.merchantId, id, session.principal.actor));
    return sendPage(reply, this.https, 200, passwordResetIssuedPage(session, link));
  }

  /** Runs a change and answers 303 to the people page, with the outcome; the last administrator is explained there. */
  private async tryChange(reply: FastifyReply, change: () => Promise<unknown>, done: string): Promise<boolean> {
    try {
      await change();
    } catch (error) {
      if (error instanceof DomainError && error.code === 'last_administrator') {
        seeOther(reply, this.https, `${PEOPLE_PATH}?problema=ultimo`);
        return false;
      }
      throw error;
    }
    seeOther(reply, this.https, `${PEOPLE_PATH}?hecho=${done}`);
    return true;
  }

  /**
   * Whether a person the command did not find is one of this merchant's people whose access was removed (removed
   * people keep their name for the history). Another merchant's person or an unknown id stays a 404.
   */
  private async wasRemoved(session: PortalSession, error: unknown, id: string): Promise<boolean> {
    if (!(error instanceof DomainError && error.kind === 'not_found')) return false;
    const names = await this.queries.execute(new NamePeople(session.principal.merchantId, [id]));
    return names[id] !== undefined;
  }

  private async person(session: PortalSession, id: string): Promise<Person> {
    const people = await this.queries.execute(new ListPeople(session.principal.merchantId));
    const person = people.find((p) => p.id === id);
    if (!person) throw new NotFound('Person');
    return person;
  }

  private async render(session: PortalSession, reply: FastifyReply, status: number, form: InviteForm, errors: FieldErrors, done?: string, problem?: string): Promise<string> {
    const people = await this.queries.execute(new ListPeople(session.principal.merchantId));
    return sendPage(reply, this.https, status, peoplePage(session, { people, form, errors, done, problem, now: this.clock.now() }));
  }
}

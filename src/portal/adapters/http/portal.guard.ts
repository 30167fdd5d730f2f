// Who may do what in the portal. Every page needs a session unless marked @Anonymous(); every post must come from the
// portal (same origin) with the anti-forgery token of its session (or, before a session exists, of its cookie); and
// every post is a write that a read-only person is refused (403 forbidden_role, nothing done) unless marked
// @AnyRole() (signing out, closing one's own sessions). The refusal does not depend on the page hiding the button.
import { applyDecorators, Injectable, SetMetadata, UseFilters, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ForbiddenRole } from '../../../merchants/domain/merchant.errors.js';
import { AuthenticateSession } from '../../application/authenticate-session/authenticate-session.query.js';
import type { PortalSession } from '../../application/portal-session.js';
import { sameToken } from '../../../kernel/same-token.js';
import { PortalCookies } from './cookies.js';
import { formField } from './form-body.js';
import { formPageOf } from './portal-http.js';
import { PortalErrorFilter } from './portal-error.filter.js';
import { FormForgeryRejected, SignInRequired } from './portal-errors.js';

const ANONYMOUS = 'pasarela:portal-anonymous';
const ANY_ROLE = 'pasarela:portal-any-role';
const UNROUTED = 'pasarela:portal-unrouted';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type PortalRequest = FastifyRequest & { portal?: PortalSession };

/** A page or form that needs no session (sign-in, invitation). */
export const Anonymous = (): MethodDecorator => SetMetadata(ANONYMOUS, true);

/** A post that a read-only person may make too: it changes only their own sessions. */
export const AnyRole = (): MethodDecorator => SetMetadata(ANY_ROLE, true);

/**
 * The wildcard that answers paths no route takes: a 404 whatever the method, before any anti-forgery check or
 * session (a post to a made-up path is not a stale form). Real routes keep every check.
 */
export const Unrouted = (): MethodDecorator => SetMetadata(UNROUTED, true);

/** On every portal controller: the guard, the HTML error pages, and out of the API's OpenAPI document. */
export const PortalController = (): ClassDecorator =>
  applyDecorators(UseGuards(PortalGuard), UseFilters(PortalErrorFilter), ApiExcludeController());

/** The session the guard found; only on routes that are not @Anonymous(). */
export function sessionOf(request: PortalRequest): PortalSession {
  if (!request.portal) throw new SignInRequired(undefined);
  return request.portal;
}

/** A post from another site: its Origin (sent by every current browser on a post) names another host. */
function fromElsewhere(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

@Injectable()
export class PortalGuard implements CanActivate {
  constructor(
    private readonly queries: QueryBus,
    private readonly reflector: Reflector,
    private readonly cookies: PortalCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<PortalRequest>();
    const flag = (key: string): boolean => this.reflector.getAllAndOverride<boolean | undefined>(key, [context.getHandler(), context.getClass()]) === true;
    if (flag(UNROUTED)) return true;
    const posts = !SAFE_METHODS.has(request.method);
    if (posts && fromElsewhere(request)) throw new FormForgeryRejected();
    const given = posts ? formField(request.body, 'csrf') : undefined;

    if (flag(ANONYMOUS)) {
      if (posts && !sameToken(this.cookies.formCookie(request), given)) throw new FormForgeryRejected();
      return true;
    }
    const session = await this.queries.execute(new AuthenticateSession(this.cookies.session(request)));
    // A post whose session is gone (expired, closed from another device) is not applied: after signing in, the
    // person is taken back to the page the form was on, to look and send it again, never re-posted silently.
    if (!session) throw new SignInRequired(request.method === 'GET' ? request.url : formPageOf(request));
    request.portal = session;
    if (posts) {
      if (!sameToken(session.csrf, given)) throw new FormForgeryRejected();
      if (session.principal.role !== 'administrador' && !flag(ANY_ROLE)) throw new ForbiddenRole();
    }
    return true;
  }
}

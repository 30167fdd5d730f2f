import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { GetPersonAccess } from '../../../merchants/application/people/person-access.commands.js';
import { needsTouch, sessionStatus, type SessionPolicy } from '../../domain/session.js';
import { hashToken, type PortalSession } from '../portal-session.js';
import { SESSION_POLICY } from '../ports/session-policy.port.js';
import { SESSIONS, type Sessions } from '../ports/sessions.port.js';
import { AuthenticateSession } from './authenticate-session.query.js';

// A cookie token is 32 random bytes in base64url: anything else is refused before the database is asked.
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

@QueryHandler(AuthenticateSession)
export class AuthenticateSessionHandler implements IQueryHandler<AuthenticateSession, PortalSession | null> {
  constructor(
    @Inject(SESSIONS) private readonly sessions: Sessions,
    @Inject(SESSION_POLICY) private readonly policy: SessionPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly queries: QueryBus,
  ) {}

  async execute({ token }: AuthenticateSession): Promise<PortalSession | null> {
    if (!token || !TOKEN.test(token)) return null;
    const session = await this.sessions.find(hashToken(token));
    if (!session) return null;
    const now = this.clock.now();
    if (sessionStatus(session, now, this.policy) !== 'active') {
      await this.sessions.close(session.personId, { ids: [session.id] }, now);
      return null;
    }
    // Read on every request, so a changed role or a removed person counts at once.
    const access = await this.queries.execute(new GetPersonAccess(session.personId));
    if (!access) {
      await this.sessions.close(session.personId, { ids: [session.id] }, now);
      return null;
    }
    if (needsTouch(session, now)) await this.sessions.touch(session.id, now);
    return {
      sessionId: session.id,
      csrf: session.csrf,
      principal: { merchantId: access.merchantId, role: access.person.rol, actor: { type: 'person', id: access.person.id } },
      nombre: access.person.nombre,
      email: access.person.email,
      merchantNombre: access.merchantNombre,
    };
  }
}

import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { sessionStatus, type SessionPolicy } from '../../domain/session.js';
import { SESSION_POLICY } from '../ports/session-policy.port.js';
import { SESSIONS, type Sessions } from '../ports/sessions.port.js';
import { ListSessions, type SessionView } from './list-sessions.query.js';

@QueryHandler(ListSessions)
export class ListSessionsHandler implements IQueryHandler<ListSessions, SessionView[]> {
  constructor(
    @Inject(SESSIONS) private readonly sessions: Sessions,
    @Inject(SESSION_POLICY) private readonly policy: SessionPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ personId }: ListSessions): Promise<SessionView[]> {
    const now = this.clock.now();
    // Expired ones are not closed until used again; they are no longer open to anyone, so they are not shown.
    return (await this.sessions.listOpen(personId))
      .filter((session) => sessionStatus(session, now, this.policy) === 'active')
      .map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), ip: s.ip, userAgent: s.userAgent }));
  }
}

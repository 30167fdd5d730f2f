import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { openSession, type OpenedSession } from '../portal-session.js';
import { SESSIONS, type Sessions } from '../ports/sessions.port.js';
import { StartSession } from './start-session.command.js';

@CommandHandler(StartSession)
export class StartSessionHandler implements ICommandHandler<StartSession, OpenedSession> {
  constructor(
    @Inject(SESSIONS) private readonly sessions: Sessions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ personId, client }: StartSession): Promise<OpenedSession> {
    return openSession(this.sessions, this.clock, personId, client);
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { SESSIONS, type Sessions } from '../ports/sessions.port.js';
import { EndSessions } from './end-sessions.command.js';

@CommandHandler(EndSessions)
export class EndSessionsHandler implements ICommandHandler<EndSessions, number> {
  constructor(
    @Inject(SESSIONS) private readonly sessions: Sessions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ personId, which }: EndSessions): Promise<number> {
    return this.sessions.close(personId, which, this.clock.now());
  }
}

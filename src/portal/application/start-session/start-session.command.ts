import { Command } from '@nestjs/cqrs';
import type { ClientInfo, OpenedSession } from '../portal-session.js';

/** Opens a session for a person who has just proved who they are (an accepted invitation). */
export class StartSession extends Command<OpenedSession> {
  constructor(
    readonly personId: string,
    readonly client: ClientInfo,
  ) {
    super();
  }
}

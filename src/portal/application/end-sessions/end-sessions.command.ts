import { Command } from '@nestjs/cqrs';

/** Closes some of a person's own sessions: one (signing out, or a lost phone), or every other one. */
export class EndSessions extends Command<number> {
  constructor(
    readonly personId: string,
    readonly which: { ids: string[] } | { allBut: string },
  ) {
    super();
  }
}

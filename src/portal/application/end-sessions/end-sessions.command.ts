import { Command } from '@nestjs/cqrs';

/** Closes some of a person's sessions: one (signing out, or a lost phone), every other one, or all (a password reset). */
export class EndSessions extends Command<number> {
  constructor(
    readonly personId: string,
    readonly which: { ids: string[] } | { allBut: string } | { all: true },
  ) {
    super();
  }
}

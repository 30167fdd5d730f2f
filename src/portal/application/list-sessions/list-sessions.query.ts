import { Query } from '@nestjs/cqrs';

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string;
  userAgent: string;
}

/** A person's open sessions, newest first. */
export class ListSessions extends Query<SessionView[]> {
  constructor(readonly personId: string) {
    super();
  }
}

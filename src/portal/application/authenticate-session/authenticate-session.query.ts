import { Query } from '@nestjs/cqrs';
import type { PortalSession } from '../portal-session.js';

/**
 * The session of a cookie's token, with the person's role as it is now; null when the token is unknown, the session
 * was closed or has expired (idle or absolute), or the person lost access. Marks the session as used.
 */
export class AuthenticateSession extends Query<PortalSession | null> {
  constructor(readonly token: string | undefined) {
    super();
  }
}

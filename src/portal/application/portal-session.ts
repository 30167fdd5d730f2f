// A signed-in person as the portal's pages see them, and how a session is opened (by sign-in or by accepting an
// invitation): a random token for the cookie, its hash and a fresh anti-forgery token in the table.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../kernel/clock.js';
import type { Principal } from '../../kernel/principal.js';
import type { Sessions } from './ports/sessions.port.js';

export interface PortalSession {
  sessionId: string;
  csrf: string;
  /** The same shape as an API key's caller: the portal sends the API's commands with it. */
  principal: Principal;
  nombre: string;
  email: string;
  merchantNombre: string;
}

export interface OpenedSession {
  /** Goes to the cookie only. */
  token: string;
  sessionId: string;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

export async function openSession(sessions: Sessions, clock: Clock, personId: string, client: ClientInfo): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await sessions.create({
    id: sessionId,
    tokenHash: hashToken(token),
    personId,
    csrf: randomBytes(32).toString('base64url'),
    createdAt: clock.now(),
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 300),
  });
  return { token, sessionId };
}

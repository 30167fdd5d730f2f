// The second post of an invitation or reset link (a double click: Chromium drops the first answer, and with it the
// session cookie of the password just set) signs in, as a sign-in would, when it comes moments after the link was used
// and carries the password that use set. It is the SignIn command with the link's person's email and merchant, so it
// is checked with argon2 and counted by the sign-in slow-down like any other attempt: the spent link opens nothing a
// sign-in form would not. The first post's session, whose cookie nobody holds (this browser's is replaced by the
// repeat's), is ended rather than left open until its idle limit.
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ViewUsedLink, type UsedLinkKind } from '../../../merchants/application/people/person-access.commands.js';
import { EndSessions } from '../../application/end-sessions/end-sessions.command.js';
import type { ClientInfo, OpenedSession } from '../../application/portal-session.js';
import { SignIn } from '../../application/sign-in/sign-in.command.js';

/**
 * The session the repeat opens, from then on the person's only one; null for anything else (another password, too
 * late, slowed down, another link), which ends nothing.
 */
export async function signInWithUsedLink(
  commands: CommandBus,
  queries: QueryBus,
  token: string,
  kind: UsedLinkKind,
  password: string,
  client: ClientInfo,
): Promise<OpenedSession | null> {
  const used = await queries.execute(new ViewUsedLink(token, kind));
  if (!used) return null;
  const result = await commands.execute(new SignIn(used.person.email, password, used.merchantId, client));
  if (result.kind !== 'signed-in') return null;
  // Within moments of the link's use: the person's other sessions are the first post's (an invitation's person had
  // none before it; a reset ended the rest), or one opened since in another browser, which signs in again.
  await commands.execute(new EndSessions(used.person.id, { allBut: result.session.sessionId }));
  return result.session;
}

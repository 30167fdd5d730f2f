// The second post of an invitation or reset link (a double click: Chromium drops the first answer, and with it the
// session cookie of the password just set) signs in, as a sign-in would, when it comes moments after the link was used
// and carries the password that use set. It is the SignIn command with the link's person's email and merchant, so it
// is checked with argon2 and counted by the sign-in slow-down like any other attempt: the spent link opens nothing a
// sign-in form would not.
// It ends no session. The server cannot tell which of the two posts' answers the browser kept: the posts may be
// processed in either order (the one Chromium dropped may be the one that comes second), so ending "the other" session
// signed the browser out whenever the dropped post came last (a CI run met it). The dropped post's session, whose
// cookie nobody holds, stays until its idle limit and is listed on the person's Sesiones page, where it can be closed.
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ViewUsedLink, type UsedLinkKind } from '../../../merchants/application/people/person-access.commands.js';
import { AuthenticateSession } from '../../application/authenticate-session/authenticate-session.query.js';
import type { ClientInfo, OpenedSession } from '../../application/portal-session.js';
import { SignIn } from '../../application/sign-in/sign-in.command.js';

/** The session the repeat opens; null for anything else (another password, too late, slowed down, another link). */
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
  return result.kind === 'signed-in' ? result.session : null;
}

/**
 * True when `sessionToken` is a live session of the very person who used this link (at any time): the browser came
 * back to the link (Back after using it), and its page would say the link no longer works to someone it worked for.
 * The answer opens nothing: the session is that person's already. Any other browser still sees the link's page.
 */
export async function usedBySignedInPerson(queries: QueryBus, sessionToken: string | undefined, token: string, kind: UsedLinkKind): Promise<boolean> {
  if (!sessionToken) return false;
  const session = await queries.execute(new AuthenticateSession(sessionToken));
  if (!session || session.principal.actor.type !== 'person') return false;
  const used = await queries.execute(new ViewUsedLink(token, kind, true));
  return used !== null && used.person.id === session.principal.actor.id && used.merchantId === session.principal.merchantId;
}

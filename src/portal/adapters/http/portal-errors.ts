// Failures only the portal's HTTP edge raises; the portal's error filter turns them into pages.
import { DomainError } from '../../../kernel/errors.js';

/** No valid session: the person is sent to sign in, and back here afterwards. */
export class SignInRequired extends DomainError {
  constructor(readonly returnTo: string | undefined) {
    super('unauthorized', 'sign_in_required', 'Sign in to the portal first');
  }
}

/** A post without this session's anti-forgery token, or from another site. */
export class FormForgeryRejected extends DomainError {
  constructor() {
    super('forbidden', 'csrf_failed', 'The form is stale or did not come from the portal');
  }
}

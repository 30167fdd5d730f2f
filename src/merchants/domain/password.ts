// Portal passwords (DESIGN.md 5.17). As NIST SP 800-63B asks: a minimum length and a blocklist, no composition rules
// (they push people to predictable patterns), every character allowed, spaces included, length in characters.
import { DomainError } from '../../kernel/errors.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'contains_email' | 'too_common';

// The passwords and stems that lists of leaked passwords put first, in Spanish and English.
const COMMON = ['contraseña', 'contrasena', 'password', 'qwerty', 'asdfgh', '123456', 'abc123', 'pasarela', 'colombia', 'iloveyou', 'teamo'];

export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'too_long';
  const lower = password.toLowerCase();
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (lower.includes(email.toLowerCase()) || (local.length >= 4 && lower.includes(local))) return 'contains_email';
  const letters = lower.replace(/[^\p{L}\p{N}]/gu, '');
  if (/^(.)\1*$/u.test(letters) || COMMON.some((word) => letters.replace(/\d+$/, '') === word || letters.startsWith(word + word))) {
    return 'too_common';
  }
  if (isRun(letters)) return 'too_common';
  return null;
}

/** 1234567890..., abcdefgh...: one step up or down each time (digits wrap, as on the keyboard's row). */
function isRun(text: string): boolean {
  if (text.length < 2) return false;
  if ('1234567890'.repeat(14).includes(text) || '0987654321'.repeat(14).includes(text)) return true;
  const step = text.charCodeAt(1) - text.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let i = 2; i < text.length; i += 1) if (text.charCodeAt(i) - text.charCodeAt(i - 1) !== step) return false;
  return true;
}

export class WeakPassword extends DomainError {
  constructor(readonly problem: PasswordProblem) {
    super('invalid', 'weak_password', `The password is not acceptable (${problem})`);
  }
}

/** Unknown, already used or withdrawn invitation link: one answer, so nothing is learned about other links. */
export class InvitationNotValid extends DomainError {
  constructor() {
    super('not_found', 'invitation_not_valid', 'This invitation link is not valid');
  }
}

export class InvitationExpired extends DomainError {
  constructor() {
    super('conflict', 'invitation_expired', 'This invitation link has expired; ask an administrator for a new one');
  }
}

/** Minutes a password reset link stays valid: short, since whoever holds it can take over the account. */
export const PASSWORD_RESET_MINUTES = 60;

/**
 * How long after an invitation or reset link was used its second post (a double click, whose first answer and session
 * cookie the browser dropped) may still sign in, with the password that post set. Seconds are enough for a double
 * click; a little more covers a slow first answer and the Back button.
 */
export const USED_LINK_REPEAT_MS = 2 * 60_000;

/** Unknown, already used or replaced reset link: one answer, like an invitation's. */
export class ResetLinkNotValid extends DomainError {
  constructor() {
    super('not_found', 'reset_link_not_valid', 'This password reset link is not valid');
  }
}

export class ResetLinkExpired extends DomainError {
  constructor() {
    super('conflict', 'reset_link_expired', 'This password reset link has expired; ask an administrator for a new one');
  }
}

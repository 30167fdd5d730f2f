// Where portal sessions are kept. The cookie holds a random token; only its SHA-256 is stored, so a copy of the
// table opens no session.
export const SESSIONS = Symbol('PortalSessions');

export interface NewSession {
  id: string;
  tokenHash: Buffer;
  personId: string;
  /** The session's anti-forgery token, put in every form it renders and checked on every post. */
  csrf: string;
  createdAt: Date;
  ip: string;
  userAgent: string;
}

export interface SessionRecord {
  id: string;
  personId: string;
  csrf: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string;
  userAgent: string;
}

export interface Sessions {
  create(session: NewSession): Promise<void>;
  /** An open (not closed) session by the hash of its token; expiry is the caller's to judge. */
  find(tokenHash: Buffer): Promise<SessionRecord | null>;
  touch(sessionId: string, at: Date): Promise<void>;
  /** Open sessions of a person, newest first. */
  listOpen(personId: string): Promise<SessionRecord[]>;
  /** Closes the person's sessions with these ids, all but one, or all; answers how many were closed. */
  close(personId: string, which: { ids: string[] } | { allBut: string } | { all: true }, at: Date): Promise<number>;
  /** Deletes sessions closed or started before `before`. */
  purge(before: Date): Promise<void>;
}

// Encryption at rest of signing secrets: they must be readable again to sign, so they are sealed, not hashed.
export const SECRET_BOX = Symbol('SecretBox');

export interface SecretBox {
  /** `context` (e.g. the endpoint id) is bound to the sealed text: it opens only with the same context. */
  seal(plaintext: string, context: string): string;
  /** Throws when the text was altered, sealed with another key or for another context. */
  open(sealed: string, context: string): string;
}

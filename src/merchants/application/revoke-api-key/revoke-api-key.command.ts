import { Command } from '@nestjs/cqrs';

/** Stops a key at once (also one still in a rotation's grace period). Revoking twice is harmless. */
export class RevokeApiKey extends Command<void> {
  constructor(readonly keyId: string) {
    super();
  }
}

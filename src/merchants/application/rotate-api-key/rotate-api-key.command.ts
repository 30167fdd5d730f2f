import { Command } from '@nestjs/cqrs';
import type { IssuedApiKey } from '../issue-api-key/issue-api-key.command.js';

export interface RotatedApiKey extends IssuedApiKey {
  /** When the replaced key stops working (at once unless a grace period was given). */
  previousStopsAt: string;
}

/** A new key with the old one's merchant and role; the old key stops after `graceSeconds` (0: at once). */
export class RotateApiKey extends Command<RotatedApiKey> {
  constructor(
    readonly keyId: string,
    readonly graceSeconds: number,
  ) {
    super();
  }
}

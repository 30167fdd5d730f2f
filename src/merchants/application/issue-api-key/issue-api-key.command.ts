import { Command } from '@nestjs/cqrs';
import type { MerchantRole } from '../../../kernel/principal.js';

/** The key in clear: returned by the command once, never stored. */
export interface IssuedApiKey {
  id: string;
  key: string;
  rol: MerchantRole;
}

export class IssueApiKey extends Command<IssuedApiKey> {
  constructor(
    readonly merchantId: string,
    readonly role: MerchantRole,
  ) {
    super();
  }
}

import { Command } from '@nestjs/cqrs';

/** A stored secret that opened with neither key: left as it was. */
export interface UnreadableSecret {
  endpointId: string;
  merchantId: string;
  /** `actual`: the endpoint's signing secret; `anterior`: the one a roll replaced, still kept. */
  secreto: 'actual' | 'anterior';
}

export interface ResealedSigningSecrets {
  /** How many sealed secrets were sealed again with the current key. */
  resellados: number;
  ilegibles: UnreadableSecret[];
}

/** Seals every stored signing secret again with the current WEBHOOK_SECRET_KEY, after a rotation of that key, so the
 * previous key can be dropped. */
export class ResealSigningSecrets extends Command<ResealedSigningSecrets> {}

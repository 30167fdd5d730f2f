import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SECRET_BOX, type SecretBox } from '../ports/secret-box.port.js';
import { WEBHOOK_ENDPOINTS, type SealedSecrets, type WebhookEndpoints } from '../ports/webhook-endpoints.port.js';
import { ResealSigningSecrets, type ResealedSigningSecrets, type UnreadableSecret } from './reseal-signing-secrets.command.js';

@CommandHandler(ResealSigningSecrets)
export class ResealSigningSecretsHandler implements ICommandHandler<ResealSigningSecrets, ResealedSigningSecrets> {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpoints,
    @Inject(SECRET_BOX) private readonly secrets: SecretBox,
  ) {}

  async execute(): Promise<ResealedSigningSecrets> {
    let resellados = 0;
    const ilegibles: UnreadableSecret[] = [];
    // A secret that opens with neither key stays as it was: a third key may still open it, and a roll replaces it.
    const reseal = (sealed: string, endpoint: SealedSecrets, secreto: UnreadableSecret['secreto']): string => {
      let plaintext: string;
      try {
        plaintext = this.secrets.open(sealed, endpoint.endpointId);
      } catch {
        ilegibles.push({ endpointId: endpoint.endpointId, merchantId: endpoint.merchantId, secreto });
        return sealed;
      }
      resellados++;
      return this.secrets.seal(plaintext, endpoint.endpointId);
    };
    await this.endpoints.resealSecrets((endpoint) => ({
      sealedSecret: reseal(endpoint.sealedSecret, endpoint, 'actual'),
      previousSecret: endpoint.previousSecret === null ? null : reseal(endpoint.previousSecret, endpoint, 'anterior'),
    }));
    return { resellados, ilegibles };
  }
}

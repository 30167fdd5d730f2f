// The service's side of the sandbox provider: the PaymentProvider port over the sandbox's HTTP API.
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import type { OpenSessionRequest, PaymentProvider, PaymentSession } from '../../../payments/application/ports/provider.port.js';
import { providerRequest } from '../provider-http.js';

@Injectable()
export class SandboxProvider implements PaymentProvider {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  openSession(request: OpenSessionRequest): Promise<PaymentSession> {
    return providerRequest<PaymentSession>('POST', `${this.config.providerUrl}/api/sesiones`, {
      secret: this.config.providerSecret,
      body: request,
      timeoutMs: this.config.providerTimeoutMs,
    });
  }
}

// Moves a charge from creado to pendiente by opening its payment session with the provider. Safe to run twice
// and from two requests at once: the provider keys the session by charge id, and the append expects a revision.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CLOCK, type Clock } from '../../kernel/clock.js';
import { evolve, type Charge } from '../domain/charge.js';
import { decide } from '../domain/charge.decide.js';
import { ChargeNotFound } from '../domain/charge.errors.js';
import { ChargeStream, type Cause, type LoadedCharge } from './charge-stream.js';
import { GatewayUnavailable } from './errors.js';
import { WrongExpectedRevision } from './ports/event-store.port.js';
import { PAYMENT_PROVIDER, ProviderRefused, ProviderUnavailable, providerRefusal, providerSilence, type PaymentProvider } from './ports/provider.port.js';

const MAX_ATTEMPTS = 3;

@Injectable()
export class OpenCheckout {
  private readonly logger = new Logger(OpenCheckout.name);

  constructor(
    private readonly charges: ChargeStream,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The charge with its checkout open; GatewayUnavailable when the provider does not answer. */
  async ensure(chargeId: string, cause: Cause, known?: LoadedCharge): Promise<Charge> {
    let loaded = known ?? (await this.charges.load(chargeId));
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = loaded;
      if (!state) throw new ChargeNotFound();
      if (state.estado !== 'creado') return state;
      const sessionId = await this.openSession(state);
      const now = this.clock.now();
      const events = decide({ type: 'OpenCheckout', data: { providerSessionId: sessionId }, now }, state);
      try {
        await this.charges.append(chargeId, events, revision, cause, now);
        return events.reduce<Charge>((charge, event) => evolve(charge, event) ?? charge, state);
      } catch (error) {
        // Another request opened it first: read what it recorded and decide again.
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
        loaded = await this.charges.load(chargeId);
      }
    }
  }

  private async openSession(charge: Charge): Promise<string> {
    try {
      const session = await this.provider.openSession({
        chargeId: charge.id,
        merchantId: charge.merchantId,
        monto: charge.monto,
        moneda: charge.moneda,
        referencia: charge.referencia,
        descripcion: charge.descripcion,
      });
      return session.sessionId;
    } catch (error) {
      if (error instanceof ProviderUnavailable) {
        this.logger.warn(providerSilence(`charge ${charge.id}`, error, 'answered 503, left creado for a retry'));
        throw new GatewayUnavailable();
      }
      // Its reason code, not the provider's own message (which may repeat what it was sent).
      const about = `charge ${charge.id}: payment session`;
      this.logger.error(error instanceof ProviderRefused ? providerRefusal(about, error, 'answered 503, left creado for a retry') : `${about}: ${String(error)}`);
      throw new GatewayUnavailable();
    }
  }
}

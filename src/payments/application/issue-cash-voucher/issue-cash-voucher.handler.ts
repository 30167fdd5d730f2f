// Cash as a sentence: the provider issues the voucher (the same one if asked again), the charge records it.
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { evolve, type Charge } from '../../domain/charge.js';
import { decide } from '../../domain/charge.decide.js';
import { ChargeNotFound, IllegalTransition } from '../../domain/charge.errors.js';
import { ChargeStream, type Cause } from '../charge-stream.js';
import { GatewayUnavailable } from '../errors.js';
import { WrongExpectedRevision } from '../ports/event-store.port.js';
import { PAYMENT_PROVIDER, ProviderUnavailable, providerSilence, type IssuedCashVoucher, type PaymentProvider } from '../ports/provider.port.js';
import { IssueCashVoucherCommand } from './issue-cash-voucher.command.js';

const MAX_ATTEMPTS = 3;

@CommandHandler(IssueCashVoucherCommand)
export class IssueCashVoucherHandler implements ICommandHandler<IssueCashVoucherCommand, Charge> {
  private readonly logger = new Logger('CashVouchers');

  constructor(
    private readonly charges: ChargeStream,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ chargeId, actor, correlationId }: IssueCashVoucherCommand): Promise<Charge> {
    const cause: Cause = { correlationId, causationId: correlationId, actor };
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.charges.load(chargeId);
      if (!state) throw new ChargeNotFound();
      if (state.voucher) return state;
      if (state.estado !== 'pendiente' || !state.providerSessionId) throw new IllegalTransition('issue a cash voucher for', state.estado);
      const voucher = await this.issue(state.providerSessionId, chargeId);
      const now = this.clock.now();
      const events = decide(
        {
          type: 'IssueCashVoucher',
          data: {
            voucherReference: voucher.reference,
            agreementCode: voucher.agreementCode,
            networks: voucher.networks,
            expiresAt: voucher.expiresAt,
          },
          now,
        },
        state,
      );
      try {
        await this.charges.append(chargeId, events, revision, cause, now);
        return events.reduce<Charge>((charge, event) => evolve(charge, event) ?? charge, state);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevision) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async issue(sessionId: string, chargeId: string): Promise<IssuedCashVoucher> {
    try {
      return await this.provider.issueCashVoucher(sessionId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      this.logger.warn(providerSilence(`charge ${chargeId}: cash voucher`, error, 'no voucher recorded yet, the buyer is asked to try again'));
      throw new GatewayUnavailable();
    }
  }
}

// The provider's settlement reports, fetched through the payments context's provider port. A time-out or a refusal
// (a report the provider will not give yet) is a 503: the operator asks again; the log says which it was.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../kernel/errors.js';
import { PAYMENT_PROVIDER, ProviderRefused, ProviderUnavailable, providerRefusal, providerSilence, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import type { ProviderReports } from '../../application/ports/reconciliation.port.js';

export class ProviderReportUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'gateway_unavailable', 'The provider did not give its report; ask for it again', 2);
  }
}

@Injectable()
export class ProviderSettlementReports implements ProviderReports {
  private readonly logger = new Logger('SettlementReports');

  constructor(@Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider) {}

  async reportOf(valueDate: string): Promise<string> {
    try {
      return await this.provider.settlementReport(valueDate);
    } catch (error) {
      if (error instanceof ProviderUnavailable) {
        this.logger.warn(providerSilence(`settlement report of ${valueDate}`, error, 'answered 503'));
        throw new ProviderReportUnavailable();
      }
      if (error instanceof ProviderRefused) {
        this.logger.error(providerRefusal(`settlement report of ${valueDate}`, error, 'answered 503'));
        throw new ProviderReportUnavailable();
      }
      throw error;
    }
  }
}

// The provider's settlement reports, fetched through the payments context's provider port. A time-out is a 503 (ask
// again); a refusal (a report the provider has not made yet, a date it does not know) a 409 naming its reason.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../kernel/errors.js';
import { PAYMENT_PROVIDER, ProviderRefused, ProviderUnavailable, providerRefusal, providerSilence, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import type { ProviderReports } from '../../application/ports/reconciliation.port.js';

export class ProviderReportUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'gateway_unavailable', 'The provider did not answer; ask for its report again', 2);
  }
}

/** Asking again at once will not help: the provider said no to that date (a report not made yet, most often). */
export class ProviderReportRefused extends DomainError {
  constructor(valueDate: string, reason: string) {
    super('conflict', 'provider_report_refused', `The provider refused its report of ${valueDate} (${reason}); a day's report exists once that day is over`);
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
        this.logger.warn(providerRefusal(`settlement report of ${valueDate}`, error, 'answered 409'));
        throw new ProviderReportRefused(valueDate, error.reason);
      }
      throw error;
    }
  }
}

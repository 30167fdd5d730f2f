// The provider's settlement reports, fetched through the payments context's provider port (a time-out: 503).
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError } from '../../../kernel/errors.js';
import { PAYMENT_PROVIDER, ProviderUnavailable, providerSilence, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import type { ProviderReports } from '../../application/ports/reconciliation.port.js';

export class ProviderReportUnavailable extends DomainError {
  constructor() {
    super('unavailable', 'gateway_unavailable', 'The provider did not answer; ask for its report again', 2);
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
      throw error;
    }
  }
}

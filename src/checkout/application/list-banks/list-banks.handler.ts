// The PSE bank list, asked of the provider at most once per BANK_LIST_CACHE_SECONDS (it changes a few times a
// year). Concurrent misses share one request; when the provider fails, a stale list is better than none.
import { Inject, Logger } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { GatewayUnavailable } from '../../../payments/application/errors.js';
import { PAYMENT_PROVIDER, ProviderUnavailable, providerSilence, type Bank, type PaymentProvider } from '../../../payments/application/ports/provider.port.js';
import { ListBanksQuery } from './list-banks.query.js';

@QueryHandler(ListBanksQuery)
export class ListBanksHandler implements IQueryHandler<ListBanksQuery, Bank[]> {
  private readonly logger = new Logger('BankList');
  private cached: { banks: Bank[]; until: number } | null = null;
  private inFlight: Promise<Bank[]> | null = null;

  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<Bank[]> {
    if (this.cached && this.clock.now().getTime() < this.cached.until) return this.cached.banks;
    this.inFlight ??= this.refresh().finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  private async refresh(): Promise<Bank[]> {
    try {
      const banks = await this.provider.listBanks();
      this.cached = { banks, until: this.clock.now().getTime() + this.config.bankListCacheSeconds * 1000 };
      return banks;
    } catch (error) {
      // One line per call to the provider (concurrent misses share it), in the words of the other silences.
      const answered = this.cached ? 'served the last list' : 'answered 503, no list to serve yet';
      if (error instanceof ProviderUnavailable) this.logger.warn(providerSilence('bank list', error, answered));
      else this.logger.error(`bank list: ${String(error)}; ${answered}`);
      if (this.cached) return this.cached.banks;
      throw new GatewayUnavailable();
    }
  }
}

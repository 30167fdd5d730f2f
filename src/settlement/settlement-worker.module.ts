// Settlement's part of the worker role: the provider references projector (reconciliation's lookup).
import { Module } from '@nestjs/common';
import { ProviderReferencesProjector } from './adapters/projections/provider-references.projector.js';

@Module({ providers: [ProviderReferencesProjector] })
export class SettlementWorkerModule {}

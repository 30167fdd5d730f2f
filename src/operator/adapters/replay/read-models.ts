// Every read model the service projects from the event log, with the tables each projection writes: what the
// auditor's replay rebuilds and compares (DESIGN.md section 2). A new projection is added here.
import { voucherDeadlinesProjection } from '../../../payments/adapters/cash-vouchers/voucher-deadlines.projection.js';
import { chargesProjection } from '../../../payments/adapters/projections/charges.projection.js';
import type { Projection } from '../../../payments/adapters/projections/projection.js';
import { providerReferencesProjection } from '../../../settlement/adapters/projections/provider-references.projection.js';

export interface ShadowTable {
  table: string;
  /** Copy the live rows into the shadow first (state the projection reads, e.g. the outbox mark). */
  copyRows: boolean;
}

export interface ReadModel {
  projection: Projection;
  /** The read model's tables: rebuilt from position 0 into fresh copies and compared with the live ones. */
  tables: readonly string[];
  /**
   * Side-effect records the projection also writes (DESIGN.md section 2: never rebuilt, never compared). The replay
   * gives the projection throw-away copies of them, so replaying cannot touch the real ones.
   */
  shadows: readonly ShadowTable[];
}

export const READ_MODELS: readonly ReadModel[] = [
  {
    projection: chargesProjection,
    // charges_daily: the stats' daily totals, kept in the same statement as the rows (charges.projection.ts).
    tables: ['charges', 'charges_daily'],
    // The charges projection records webhook deliveries for events after the outbox mark (webhooks/outbox.ts).
    shadows: [
      { table: 'webhook_outbox_mark', copyRows: true },
      { table: 'webhook_deliveries', copyRows: false },
    ],
  },
  { projection: voucherDeadlinesProjection, tables: ['cash_voucher_deadlines'], shadows: [] },
  { projection: providerReferencesProjection, tables: ['provider_references'], shadows: [] },
];

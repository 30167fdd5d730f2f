// The cash vouchers still open and their deadlines, so the expiry worker finds those past due without scanning.
export const VOUCHER_DEADLINES = Symbol('VoucherDeadlines');

export interface VoucherDeadlines {
  /** Charges whose open voucher's deadline is at or before `now`, soonest first. */
  due(now: Date, limit: number): Promise<string[]>;
}

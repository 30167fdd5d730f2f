// Checkout token -> charge id, from the charges read model (its checkout_token is unique), for tokens made before a
// token named its charge (payments/domain/checkout-token.ts). The projector may lag
// the 201 by a moment, so a buyer sent on at once is given up to a second for the row to appear. Anyone may ask for
// any token, so only a few lookups wait at a time: a flood of made-up tokens costs one query each, not twenty-one.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CheckoutLookup } from '../../application/ports/checkout-lookup.port.js';

const WAIT_STEP_MS = 50;
const WAIT_STEPS = 20;
/** Lookups of one process that may wait for the projector at the same time; the others answer from one query. */
export const MAX_WAITING_LOOKUPS = 16;

@Injectable()
export class PostgresCheckoutLookup implements CheckoutLookup {
  private waiting = 0;

  constructor(private readonly db: DataSource) {}

  async chargeIdByToken(token: string): Promise<string | null> {
    const found = await this.find(token);
    if (found || this.waiting >= MAX_WAITING_LOOKUPS) return found;
    this.waiting++;
    try {
      for (let step = 0; step < WAIT_STEPS; step++) {
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
        const id = await this.find(token);
        if (id) return id;
      }
      return null;
    } finally {
      this.waiting--;
    }
  }

  private async find(token: string): Promise<string | null> {
    const rows: Array<{ id: string }> = await this.db.query('SELECT id FROM charges WHERE checkout_token = $1', [token]);
    return rows[0]?.id ?? null;
  }
}

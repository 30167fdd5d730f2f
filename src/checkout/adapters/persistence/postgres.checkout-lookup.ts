// Checkout token -> charge id, from the charges read model (its checkout_token is unique). The projector may lag
// the 201 by a moment, so a buyer sent on at once is given up to a second for the row to appear.
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CheckoutLookup } from '../../application/ports/checkout-lookup.port.js';

const WAIT_STEP_MS = 50;
const WAIT_STEPS = 20;

@Injectable()
export class PostgresCheckoutLookup implements CheckoutLookup {
  constructor(private readonly db: DataSource) {}

  async chargeIdByToken(token: string): Promise<string | null> {
    for (let step = 0; ; step++) {
      const rows: Array<{ id: string }> = await this.db.query('SELECT id FROM charges WHERE checkout_token = $1', [token]);
      if (rows[0]) return rows[0].id;
      if (step >= WAIT_STEPS) return null;
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }
}

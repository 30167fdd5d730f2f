// Reads the provider-references read model (projected by provider-references.projection.ts).
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ProviderReferences } from '../../application/ports/reconciliation.port.js';

@Injectable()
export class PostgresProviderReferences implements ProviderReferences {
  constructor(private readonly dataSource: DataSource) {}

  async chargesOf(references: readonly string[]): Promise<Map<string, string>> {
    if (references.length === 0) return new Map();
    const rows: Array<{ referencia_proveedor: string; charge_id: string }> = await this.dataSource.query(
      'SELECT referencia_proveedor, charge_id FROM provider_references WHERE referencia_proveedor = ANY($1::text[])',
      [references],
    );
    return new Map(rows.map((row) => [row.referencia_proveedor, row.charge_id]));
  }
}

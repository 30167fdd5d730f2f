import { Query } from '@nestjs/cqrs';
import type { Bank } from '../../../payments/application/ports/provider.port.js';

/** The provider's PSE banks (GET /v1/pagos/bancos, the hosted page's list, own checkout's check), cached. */
export class ListBanksQuery extends Query<Bank[]> {}

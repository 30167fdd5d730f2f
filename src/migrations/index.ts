// Every schema change, in order. Each context adds its migration class here; they run at start.
import { EventStore1764000000000 } from './1764000000000-event-store.js';
import { ChargesReadModel1764000000100 } from './1764000000100-charges-read-model.js';
import { Merchants1764000000200 } from './1764000000200-merchants.js';
import { SandboxProvider1764000000300 } from './1764000000300-sandbox-provider.js';
import { IdempotencyKeys1764000000400 } from './1764000000400-idempotency-keys.js';
import { SandboxPayments1764000000500 } from './1764000000500-sandbox-payments.js';
import { PaymentAnomaliesAndVouchers1764000000600 } from './1764000000600-payment-anomalies-and-vouchers.js';
import { WebhookOutbox1764000000610 } from './1764000000610-webhook-outbox.js';
import { WebhookEndpoints1764000000620 } from './1764000000620-webhook-endpoints.js';
import { WebhookPreviousSecret1764000000630 } from './1764000000630-webhook-previous-secret.js';
import { Settlement1764000000700 } from './1764000000700-settlement.js';
import { SandboxRefunds1764000000710 } from './1764000000710-sandbox-refunds.js';
import { People1764000000800 } from './1764000000800-people.js';
import { Portal1764000000900 } from './1764000000900-portal.js';
import { PasswordReset1764000000910 } from './1764000000910-password-reset.js';
import { MerchantChangeNotices1764000000920 } from './1764000000920-merchant-change-notices.js';
import { IdempotencyClaimWithoutCopy1764000000930 } from './1764000000930-idempotency-claim-without-copy.js';
import { ChargesNewestCoversStats1764000000940 } from './1764000000940-charges-newest-covers-stats.js';
import { ChargesStaleCreado1764000000950 } from './1764000000950-charges-stale-creado.js';
import { WebhookDeliveriesByCharge1764000000960 } from './1764000000960-webhook-deliveries-by-charge.js';
import { ChargesDaily1764000000970 } from './1764000000970-charges-daily.js';
import { PeopleUsedLinks1764000000980 } from './1764000000980-people-used-links.js';
import { RefundRequests1764000000990 } from './1764000000990-refund-requests.js';

export const MIGRATIONS = [EventStore1764000000000, ChargesReadModel1764000000100, Merchants1764000000200, SandboxProvider1764000000300, IdempotencyKeys1764000000400, SandboxPayments1764000000500, PaymentAnomaliesAndVouchers1764000000600, WebhookOutbox1764000000610, WebhookEndpoints1764000000620, WebhookPreviousSecret1764000000630, Settlement1764000000700, SandboxRefunds1764000000710, People1764000000800, Portal1764000000900, PasswordReset1764000000910, MerchantChangeNotices1764000000920, IdempotencyClaimWithoutCopy1764000000930, ChargesNewestCoversStats1764000000940, ChargesStaleCreado1764000000950, WebhookDeliveriesByCharge1764000000960, ChargesDaily1764000000970, PeopleUsedLinks1764000000980, RefundRequests1764000000990];

// The merchant portal (DESIGN.md 1: the Settings web area) on the public listener, under /portal. Its pages send the
// same commands and queries as the merchant API, with the signed-in person as the actor.
import { Module, type Provider } from '@nestjs/common';
import type { Config } from '../kernel/config.js';
import { CONFIG } from '../kernel/infrastructure.module.js';
import { MerchantsModule } from '../merchants/merchants.module.js';
import { ChargeStatsModule } from '../payments/charge-stats.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { SettlementModule } from '../settlement/settlement.module.js';
import { GetChargeHistoryHandler } from '../operator/application/get-charge-history/get-charge-history.handler.js';
import { WebhookDeliveriesModule, WebhookEndpointsModule } from '../webhooks/webhooks.module.js';
import { PortalAssetsController } from './adapters/http/assets.controller.js';
import { ChargesController } from './adapters/http/charges.controller.js';
import { HistoryController } from './adapters/http/history.controller.js';
import { PortalCookies } from './adapters/http/cookies.js';
import { InvitationController } from './adapters/http/invitation.controller.js';
import { PortalNotFoundController } from './adapters/http/not-found.controller.js';
import { PasswordResetController } from './adapters/http/password-reset.controller.js';
import { PeopleController } from './adapters/http/people.controller.js';
import { PortalErrorFilter } from './adapters/http/portal-error.filter.js';
import { PortalGuard } from './adapters/http/portal.guard.js';
import { SessionsController } from './adapters/http/sessions.controller.js';
import { SignInController } from './adapters/http/sign-in.controller.js';
import { SiteController } from './adapters/http/site.controller.js';
import { SummaryController } from './adapters/http/summary.controller.js';
import { WebhookController } from './adapters/http/webhook.controller.js';
import { PostgresSessions } from './adapters/persistence/postgres.sessions.js';
import { PostgresSignInAttempts } from './adapters/persistence/postgres.sign-in-attempts.js';
import { AuthenticateSessionHandler } from './application/authenticate-session/authenticate-session.handler.js';
import { EndSessionsHandler } from './application/end-sessions/end-sessions.handler.js';
import { ListSessionsHandler } from './application/list-sessions/list-sessions.handler.js';
import { SESSION_POLICY } from './application/ports/session-policy.port.js';
import { SESSIONS } from './application/ports/sessions.port.js';
import { SIGN_IN_ATTEMPTS } from './application/ports/sign-in-attempts.port.js';
import { SignInHandler } from './application/sign-in/sign-in.handler.js';
import { StartSessionHandler } from './application/start-session/start-session.handler.js';
import type { SessionPolicy } from './domain/session.js';

const sessionPolicy: Provider = {
  provide: SESSION_POLICY,
  useFactory: (config: Config): SessionPolicy => ({
    idleMs: config.portalSessionIdleMinutes * 60_000,
    absoluteMs: config.portalSessionMaxHours * 3_600_000,
  }),
  inject: [CONFIG],
};

// The operator's query the portal also needs (a charge's history): each listener has its own buses, and the operator's
// module would bring its /internal routes along.
const sharedHandlers = [GetChargeHistoryHandler];
const commandHandlers = [SignInHandler, StartSessionHandler, EndSessionsHandler];
const queryHandlers = [AuthenticateSessionHandler, ListSessionsHandler];
const repositories = [
  { provide: SESSIONS, useClass: PostgresSessions },
  { provide: SIGN_IN_ATTEMPTS, useClass: PostgresSignInAttempts },
];

@Module({
  imports: [MerchantsModule, PaymentsModule, ChargeStatsModule, SettlementModule, WebhookEndpointsModule, WebhookDeliveriesModule],
  // The wildcard 404 goes last: Fastify's router ranks routes by shape, not order, but it reads best here.
  controllers: [
    PortalAssetsController,
    SignInController,
    InvitationController,
    PasswordResetController,
    SessionsController,
    SummaryController,
    ChargesController,
    SiteController,
    PeopleController,
    WebhookController,
    HistoryController,
    PortalNotFoundController,
  ],
  providers: [...sharedHandlers, ...commandHandlers, ...queryHandlers, ...repositories, sessionPolicy, PortalCookies, PortalGuard, PortalErrorFilter],
})
export class PortalModule {}

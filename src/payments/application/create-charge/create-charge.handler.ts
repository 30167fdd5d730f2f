// POST /pagos as a sentence: check the merchant, claim the key (or replay it), record the charge, open its checkout.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { canonicalJson } from '../../../kernel/canonical-json.js';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import { DomainError, FieldError } from '../../../kernel/errors.js';
import { GetMerchant, type MerchantView } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { belongsToSite } from '../../../merchants/domain/web-registration.js';
import { decide } from '../../domain/charge.decide.js';
import { evolve } from '../../domain/charge.js';
import { checkoutToken } from '../../domain/checkout-token.js';
import { ChargeStream, toNewEvent, type Cause } from '../charge-stream.js';
import { IdempotencyKeyReused, MerchantNotApproved, WebRegistrationMissing } from '../errors.js';
import { CHARGE_CREATION, type ChargeCreation, type ExistingClaim } from '../ports/charge-creation.port.js';
import { OpenCheckout } from '../open-checkout.js';
import { chargeFields, OwnCheckout } from './own-checkout.js';
import { CreateChargeCommand, type ChargeRequest, type CreateChargeResult } from './create-charge.command.js';

@CommandHandler(CreateChargeCommand)
export class CreateChargeHandler implements ICommandHandler<CreateChargeCommand, CreateChargeResult> {
  constructor(
    private readonly queries: QueryBus,
    private readonly charges: ChargeStream,
    private readonly openCheckout: OpenCheckout,
    @Inject(CHARGE_CREATION) private readonly creation: ChargeCreation,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly ownCheckout: OwnCheckout,
  ) {}

  async execute({ principal, idempotencyKey, request, correlationId }: CreateChargeCommand): Promise<CreateChargeResult> {
    if (request.merchantId !== principal.merchantId) {
      throw FieldError.of('merchantId', 'merchantId must be your own merchant id (GET /v1/merchants/me)');
    }
    const fingerprint = createHash('sha256').update(canonicalJson(request)).digest('hex');
    // The merchant's request starts the chain: it is the cause of what it records (docs/decisions.md).
    const cause: Cause = { correlationId, causationId: correlationId, actor: principal.actor };
    const merchant = await this.queries.execute(new GetMerchant(principal.merchantId));
    try {
      await this.admit(merchant, request);
    } catch (refusal) {
      // The same request made before the merchant's settings changed (its site, its own checkout) still gets the
      // charge it made: spec rule 2 knows no exception. Anything else refused stays refused.
      const existing = refusal instanceof DomainError ? await this.creation.find(principal.merchantId, idempotencyKey) : null;
      if (!existing || existing.fingerprint !== fingerprint) throw refusal;
      return this.replay(existing, cause, request);
    }

    const now = this.clock.now();
    const chargeId = randomUUID();
    const [created] = decide(
      { type: 'CreateCharge', data: { ...chargeFields(request), chargeId, checkoutToken: checkoutToken(chargeId, randomBytes(24)) }, now },
      null,
    );
    if (!created) throw new Error('CreateCharge decided no event');
    const outcome = await this.creation.claim({
      merchantId: principal.merchantId,
      idempotencyKey,
      fingerprint,
      chargeId,
      created: toNewEvent(created, cause, now),
    });

    if (outcome.kind === 'claimed') {
      const state = evolve(null, created);
      const charge = await this.openCheckout.ensure(chargeId, cause, { state, revision: 0 });
      await this.ownCheckout.open(charge, request.pagador);
      return { charge, replayed: false };
    }
    if (outcome.fingerprint !== fingerprint) throw new IdempotencyKeyReused();
    return this.replay(outcome, cause, request);
  }

  /** DESIGN.md 5.3's checks of the merchant, before anything is claimed: approved, registered, and the request fits. */
  private async admit(merchant: MerchantView | null, request: ChargeRequest): Promise<void> {
    if (!merchant?.aprobado) throw new MerchantNotApproved();
    if (!merchant.registroWeb) throw new WebRegistrationMissing();
    if (request.urlRetorno !== null && !belongsToSite(new URL(request.urlRetorno), merchant.registroWeb.sitioWeb)) {
      throw FieldError.of('urlRetorno', `urlRetorno must belong to your registered site ${merchant.registroWeb.sitioWeb} or a subdomain of it`);
    }
    await this.ownCheckout.check(merchant, request.pagador);
  }

  /** The key names a charge already: complete it if a crash left it half-made, then answer it as it is now. */
  private async replay(existing: ExistingClaim, cause: Cause, request: ChargeRequest): Promise<CreateChargeResult> {
    let loaded = await this.charges.load(existing.chargeId);
    if (loaded.state === null) {
      if (!existing.created) throw new Error(`Idempotency-Key names charge ${existing.chargeId}, which has no events and no copy of them`);
      await this.charges.ensureCreated(existing.chargeId, existing.created);
      loaded = await this.charges.load(existing.chargeId);
    }
    const charge = await this.openCheckout.ensure(existing.chargeId, cause, loaded);
    await this.ownCheckout.open(charge, request.pagador);
    return { charge, replayed: true };
  }
}

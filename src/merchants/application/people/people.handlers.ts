import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, QueryBus, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../kernel/clock.js';
import type { Config } from '../../../kernel/config.js';
import { CONFIG } from '../../../kernel/infrastructure.module.js';
import { administratorsOnly } from '../../../kernel/acting-person.js';
import { MerchantNotFound } from '../../domain/merchant.errors.js';
import { PASSWORD_RESET_MINUTES } from '../../domain/password.js';
import {
  INVITATION_DAYS,
  LastAdministrator,
  leavesNoAdministrator,
  normalizeEmail,
  PersonExists,
  PersonNotActive,
  PersonNotFound,
  type Person,
} from '../../domain/person.js';
import { GetMerchant } from '../get-merchant/get-merchant.query.js';
import { PEOPLE, type ListedPerson, type People } from '../ports/people.port.js';
import {
  ChangePersonRole,
  InvitePerson,
  IssuePasswordReset,
  ListPeople,
  RemovePerson,
  type Invitation,
  type PasswordResetLink,
} from './people.commands.js';

@CommandHandler(InvitePerson)
export class InvitePersonHandler implements ICommandHandler<InvitePerson, Invitation> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    private readonly queries: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ merchantId, email, nombre, rol, actor }: InvitePerson): Promise<Invitation> {
    if (!(await this.queries.execute(new GetMerchant(merchantId)))) throw new MerchantNotFound();
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
    const invited = await this.people.invite(
      {
        id: randomUUID(),
        merchantId,
        email: normalizeEmail(email),
        nombre: nombre.trim(),
        rol,
        invitationHash: createHash('sha256').update(token).digest(),
        invitationExpiresAt: expiresAt,
      },
      actor,
      now,
      administratorsOnly,
    );
    if (!invited) throw new PersonExists();
    return { person: invited.person, replaced: invited.replaced, url: `${this.config.publicBaseUrl}/portal/invitacion/${token}`, expiresAt: expiresAt.toISOString() };
  }
}

@CommandHandler(ChangePersonRole)
export class ChangePersonRoleHandler implements ICommandHandler<ChangePersonRole, Person> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, personId, rol, actor }: ChangePersonRole): Promise<Person> {
    const changed = await this.people.change(
      merchantId,
      personId,
      (person, administrators, acting) => {
        administratorsOnly(acting);
        if (leavesNoAdministrator(administrators, person, rol)) throw new LastAdministrator();
        return rol;
      },
      actor,
      this.clock.now(),
    );
    if (!changed) throw new PersonNotFound();
    return changed;
  }
}

@CommandHandler(RemovePerson)
export class RemovePersonHandler implements ICommandHandler<RemovePerson, void> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ merchantId, personId, actor }: RemovePerson): Promise<void> {
    const removed = await this.people.change(
      merchantId,
      personId,
      (person, administrators, acting) => {
        administratorsOnly(acting);
        if (leavesNoAdministrator(administrators, person, 'removed')) throw new LastAdministrator();
        return 'removed';
      },
      actor,
      this.clock.now(),
    );
    if (!removed) throw new PersonNotFound();
  }
}

@CommandHandler(IssuePasswordReset)
export class IssuePasswordResetHandler implements ICommandHandler<IssuePasswordReset, PasswordResetLink> {
  constructor(
    @Inject(PEOPLE) private readonly people: People,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute({ merchantId, personId, actor }: IssuePasswordReset): Promise<PasswordResetLink> {
    const now = this.clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000);
    const hash = createHash('sha256').update(token).digest();
    const person = await this.people.issueReset(merchantId, personId, hash, expiresAt, actor, now, administratorsOnly);
    if (person === null) throw new PersonNotFound();
    if (person === 'invitada') throw new PersonNotActive();
    return { person, url: `${this.config.publicBaseUrl}/portal/restablecer/${token}`, expiresAt: expiresAt.toISOString() };
  }
}

@QueryHandler(ListPeople)
export class ListPeopleHandler implements IQueryHandler<ListPeople, ListedPerson[]> {
  constructor(@Inject(PEOPLE) private readonly people: People) {}

  execute({ merchantId }: ListPeople): Promise<ListedPerson[]> {
    return this.people.list(merchantId);
  }
}

export const PEOPLE_HANDLERS = [InvitePersonHandler, ChangePersonRoleHandler, RemovePersonHandler, IssuePasswordResetHandler, ListPeopleHandler];

// The operator lists a merchant's people, creates its first administrator, and issues password reset links for any
// merchant's person; the answers of the last two carry the links.
import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { GetMerchant } from '../../../merchants/application/get-merchant/get-merchant.query.js';
import { InvitePerson, IssuePasswordReset, ListPeople } from '../../../merchants/application/people/people.commands.js';
import { MerchantNotFound } from '../../../merchants/domain/merchant.errors.js';
import { InvitedPersonResponse, OperatorInviteBody, OperatorPersonResponse, PasswordResetResponse } from '../../../merchants/adapters/http/people.dto.js';

@ApiTags('operator')
@Controller('internal/merchants/:id/personas')
export class OperatorPeopleController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  // The same read as GET /v1/personas and the portal's Personas page (ListPeople), for a shop that asks for help.
  @Get()
  @ApiOperation({ summary: "A merchant's people with portal access, oldest first: role, estado, when invited and when activated" })
  @ApiOkResponse({ type: [OperatorPersonResponse] })
  @ApiNotFoundResponse({ description: 'No such merchant.' })
  async list(@Param('id', new UuidOr404Pipe('Merchant')) merchantId: string): Promise<OperatorPersonResponse[]> {
    if (!(await this.queries.execute(new GetMerchant(merchantId)))) throw new MerchantNotFound();
    return (await this.queries.execute(new ListPeople(merchantId))).map(OperatorPersonResponse.ofListed);
  }

  @Post()
  @ApiOperation({ summary: "Invite a merchant's administrator (its first, typically)" })
  @ApiCreatedResponse({ type: InvitedPersonResponse })
  async invite(@Param('id', new UuidOr404Pipe('Merchant')) merchantId: string, @Body() body: OperatorInviteBody): Promise<InvitedPersonResponse> {
    const invitation = await this.commands.execute(new InvitePerson(merchantId, body.email, body.nombre, 'administrador', OPERATOR));
    return InvitedPersonResponse.ofInvitation(invitation);
  }
}

@ApiTags('operator')
@Controller('internal/personas')
export class OperatorPasswordResetController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':id/restablecimiento')
  @ApiOperation({ summary: "Issue a password reset link (1 hour, one use) for any merchant's activa person" })
  @ApiCreatedResponse({ type: PasswordResetResponse })
  @ApiConflictResponse({ description: 'The person has not accepted the invitation yet (person_not_active)' })
  async issue(@Param('id', new UuidOr404Pipe('Person')) personId: string): Promise<PasswordResetResponse> {
    return PasswordResetResponse.of(await this.commands.execute(new IssuePasswordReset(null, personId, OPERATOR)));
  }
}

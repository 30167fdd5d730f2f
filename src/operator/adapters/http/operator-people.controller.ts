// The operator creates a merchant's first administrator, and issues password reset links for any merchant's person;
// the answers carry the links.
import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { InvitePerson, IssuePasswordReset } from '../../../merchants/application/people/people.commands.js';
import { InvitedPersonResponse, OperatorInviteBody, PasswordResetResponse } from '../../../merchants/adapters/http/people.dto.js';

@ApiTags('operator')
@Controller('internal/merchants/:id/personas')
export class OperatorPeopleController {
  constructor(private readonly commands: CommandBus) {}

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

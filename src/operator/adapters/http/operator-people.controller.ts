// The operator creates a merchant's first administrator; the answer carries the invitation link.
import { Body, Controller, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OPERATOR } from '../../../kernel/actor.js';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { InvitePerson } from '../../../merchants/application/people/people.commands.js';
import { InvitedPersonResponse, OperatorInviteBody } from '../../../merchants/adapters/http/people.dto.js';

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

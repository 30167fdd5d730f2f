// People with portal access (spec "People endpoints", DESIGN.md 5.17): list, invite, change a role, remove.
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import type { Principal } from '../../../kernel/principal.js';
import { ChangePersonRole, InvitePerson, ListPeople, RemovePerson } from '../../application/people/people.commands.js';
import { CurrentPrincipal, MerchantAuth, Writes } from './auth.js';
import { ChangeRoleBody, InvitedPersonResponse, InvitePersonBody, PersonResponse } from './people.dto.js';

@ApiTags('personas')
@MerchantAuth()
@Controller('v1/personas')
export class PeopleController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Who has access to the portal' })
  @ApiOkResponse({ type: [PersonResponse] })
  async list(@CurrentPrincipal() principal: Principal): Promise<PersonResponse[]> {
    return (await this.queries.execute(new ListPeople(principal.merchantId))).map(PersonResponse.of);
  }

  @Post()
  @Writes()
  @ApiOperation({ summary: 'Invite someone with a role; the answer carries the invitation link, shown only here' })
  @ApiCreatedResponse({ type: InvitedPersonResponse })
  @ApiConflictResponse({ description: 'The email already has access (person_exists)' })
  async invite(@CurrentPrincipal() principal: Principal, @Body() body: InvitePersonBody): Promise<InvitedPersonResponse> {
    const invitation = await this.commands.execute(new InvitePerson(principal.merchantId, body.email, body.nombre, body.rol, principal.actor));
    return InvitedPersonResponse.ofInvitation(invitation);
  }

  @Patch(':id')
  @Writes()
  @ApiOperation({ summary: "Change that person's role" })
  @ApiOkResponse({ type: PersonResponse })
  @ApiConflictResponse({ description: 'The last administrator cannot be demoted (last_administrator)' })
  async changeRole(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOr404Pipe('Person')) id: string,
    @Body() body: ChangeRoleBody,
  ): Promise<PersonResponse> {
    return PersonResponse.of(await this.commands.execute(new ChangePersonRole(principal.merchantId, id, body.rol, principal.actor)));
  }

  @Delete(':id')
  @Writes()
  @HttpCode(204)
  @ApiOperation({ summary: "Remove that person's access" })
  @ApiNoContentResponse()
  @ApiConflictResponse({ description: 'The last administrator cannot be removed (last_administrator)' })
  async remove(@CurrentPrincipal() principal: Principal, @Param('id', new UuidOr404Pipe('Person')) id: string): Promise<void> {
    await this.commands.execute(new RemovePerson(principal.merchantId, id, principal.actor));
  }
}

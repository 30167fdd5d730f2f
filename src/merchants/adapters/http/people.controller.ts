// People with portal access (spec "People endpoints", DESIGN.md 5.17): list, invite, change a role, remove; and a
// password reset link for someone who forgot theirs (docs/decisions.md "Portal").
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { UuidOr404Pipe } from '../../../kernel/http/uuid.pipe.js';
import { NoBodyPipe } from '../../../kernel/http/validation.js';
import type { Principal } from '../../../kernel/principal.js';
import { ChangePersonRole, InvitePerson, IssuePasswordReset, ListPeople, RemovePerson } from '../../application/people/people.commands.js';
import { CurrentPrincipal, MerchantAuth, Writes } from './auth.js';
import { ChangeRoleBody, InvitedPersonResponse, InvitePersonBody, PasswordResetResponse, PersonResponse } from './people.dto.js';

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
  @ApiConflictResponse({ description: 'The email already has access, or an invitation with another role (person_exists); one not yet accepted with the same role is renewed: a new link, the old one stops working' })
  async invite(@CurrentPrincipal() principal: Principal, @Body() body: InvitePersonBody): Promise<InvitedPersonResponse> {
    const invitation = await this.commands.execute(new InvitePerson(principal.merchantId, body.email, body.nombre, body.rol, principal.actor));
    return InvitedPersonResponse.ofInvitation(invitation);
  }

  @Patch(':id')
  @Writes()
  @ApiOperation({ summary: "Change that person's role" })
  @ApiOkResponse({ type: PersonResponse })
  @ApiNotFoundResponse({ description: 'No such person in this merchant (not_found)' })
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
  @ApiNotFoundResponse({ description: 'No such person in this merchant (not_found)' })
  @ApiConflictResponse({ description: 'The last administrator cannot be removed (last_administrator)' })
  async remove(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOr404Pipe('Person')) id: string,
    @Body(new NoBodyPipe("Removing a person's access takes no body")) _body: undefined,
  ): Promise<void> {
    await this.commands.execute(new RemovePerson(principal.merchantId, id, principal.actor));
  }

  @Post(':id/restablecimiento')
  @Writes()
  @ApiOperation({ summary: 'Issue a one-time link (1 hour) for an activa person to choose a new password; shown only here' })
  @ApiCreatedResponse({ type: PasswordResetResponse })
  @ApiNotFoundResponse({ description: 'No such person in this merchant (not_found)' })
  @ApiConflictResponse({ description: 'The person has not accepted the invitation yet (person_not_active)' })
  async issuePasswordReset(
    @CurrentPrincipal() principal: Principal,
    @Param('id', new UuidOr404Pipe('Person')) id: string,
    @Body(new NoBodyPipe('Issuing a password link takes no body')) _body: undefined,
  ): Promise<PasswordResetResponse> {
    return PasswordResetResponse.of(await this.commands.execute(new IssuePasswordReset(principal.merchantId, id, principal.actor)));
  }
}

import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import type { MerchantRole } from '../../../kernel/principal.js';
import type { Invitation, PasswordResetLink } from '../../application/people/people.commands.js';
import type { ListedPerson } from '../../application/ports/people.port.js';
import type { Person, PersonState } from '../../domain/person.js';

const ROLES = ['administrador', 'lectura'] as const;

export class OperatorInviteBody {
  @ApiProperty({ format: 'email', example: 'ana@tienda.co', maxLength: 254 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: 'email is required' })
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254, { message: 'email must be at most 254 characters long' })
  email!: string;

  // Trimmed before the length check: a name of spaces only is no name (it was stored as "").
  @ApiProperty({ example: 'Ana Gómez', minLength: 1, maxLength: 120 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsDefined({ message: 'nombre is required' })
  @IsString({ message: 'nombre must be a string' })
  @Length(1, 120, { message: 'nombre must be 1 to 120 characters long' })
  nombre!: string;
}

export class InvitePersonBody extends OperatorInviteBody {
  @ApiProperty({ enum: ROLES, description: 'administrador can change settings; lectura (read-only) can only read' })
  @IsDefined({ message: 'rol is required' })
  @IsIn(ROLES, { message: 'rol must be one of administrador, lectura' })
  rol!: MerchantRole;
}

export class ChangeRoleBody {
  @ApiProperty({ enum: ROLES })
  @IsDefined({ message: 'rol is required' })
  @IsIn(ROLES, { message: 'rol must be one of administrador, lectura' })
  rol!: MerchantRole;
}

export class PersonResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() nombre!: string;
  @ApiProperty({ enum: ROLES }) rol!: MerchantRole;
  @ApiProperty({ enum: ['invitada', 'activa'], description: 'invitada until the invitation is accepted' }) estado!: PersonState;
  @ApiProperty({ format: 'date-time' }) creadoEn!: string;

  static of(person: Person): PersonResponse {
    return { id: person.id, email: person.email, nombre: person.nombre, rol: person.rol, estado: person.estado, creadoEn: person.creadoEn };
  }
}

/**
 * A person as the operator sees them (GET /internal/merchants/{id}/personas): the merchant API's fields, plus when an
 * invitation runs out and when it was accepted; never a password hash nor a link's token.
 */
export class OperatorPersonResponse extends PersonResponse {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'While invitada: when the invitation link stops working (inviting the same email again renews it)' })
  invitacionExpiraEn!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the invitation was accepted; null while invitada' })
  activadaEn!: string | null;

  static ofListed(person: ListedPerson): OperatorPersonResponse {
    return { ...PersonResponse.of(person), invitacionExpiraEn: person.invitacionExpiraEn, activadaEn: person.activadaEn };
  }
}

export class InvitationLink {
  @ApiProperty({ format: 'uri', description: 'Shown only in this answer: send it to the person' }) url!: string;
  @ApiProperty({ format: 'date-time' }) expiraEn!: string;
}

export class InvitedPersonResponse extends PersonResponse {
  @ApiProperty({ type: InvitationLink }) invitacion!: InvitationLink;

  static ofInvitation(invitation: Invitation): InvitedPersonResponse {
    return { ...PersonResponse.of(invitation.person), invitacion: { url: invitation.url, expiraEn: invitation.expiresAt } };
  }
}

export class PasswordResetResponse {
  @ApiProperty({ format: 'uri', description: 'Shown only in this answer: send it to the person. One use; a new link replaces it' }) url!: string;
  @ApiProperty({ format: 'date-time', description: 'One hour after issuing' }) expiraEn!: string;

  static of(link: PasswordResetLink): PasswordResetResponse {
    return { url: link.url, expiraEn: link.expiresAt };
  }
}

// An email address as the provider reads one (its API checks with class-validator's @IsEmail): the one rule the
// domain's checks call, so the domain imports the kernel and not the library.
import { isEmail } from 'class-validator';

export const isEmailAddress = (text: string): boolean => isEmail(text);

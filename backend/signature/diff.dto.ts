import { IsOptional, IsString, Matches } from 'class-validator';

const VERSION_REF = /^(current|[1-9]\d{0,8})$/;

/** `from` and `to`: a published version number, or `current` for the draft. */
export class DiffQuery {
  @IsString() @Matches(VERSION_REF, { message: 'from must be a version number or current' }) from!: string;
  @IsOptional() @IsString() @Matches(VERSION_REF, { message: 'to must be a version number or current' }) to?: string;
}

import { IsISO8601, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class RunDigestsBody {
  @IsISO8601({ strict: true }, { message: 'at must be an ISO 8601 date-time' })
  @Matches(/T\d{2}:\d{2}/, { message: 'at must be an ISO 8601 date-time' })
  at!: string;
}

export class MailMessagesQuery {
  @IsOptional() @IsString() @MaxLength(230) to?: string;
}

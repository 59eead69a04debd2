import { IsString } from 'class-validator';

/** The accessibility statement's HTML. */
export class StatementBody {
  @IsString()
  statement!: string;
}

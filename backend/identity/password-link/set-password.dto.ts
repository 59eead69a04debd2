import { IsString, MaxLength } from 'class-validator';

/** `token`: the `token` query parameter of the mailed link; `password`: within the configured length bounds. */
export class SetPasswordBody {
  @IsString()
  @MaxLength(200)
  token!: string;

  @IsString()
  @MaxLength(1024)
  password!: string;
}

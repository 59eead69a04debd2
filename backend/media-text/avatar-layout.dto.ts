import { IsString, MaxLength } from 'class-validator';

export class ChooseAvatarLayoutBody {
  @IsString()
  @MaxLength(40)
  layout!: string;
}

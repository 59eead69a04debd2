import { IsInt, IsNotEmpty, IsNumber, IsString, MaxLength } from 'class-validator';

/** Spec §7 updateTimeAIAvatar body (the spec's own names). */
export class UpdateTimeAiAvatarBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  weetID!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  chapitreId!: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  seconds!: number;
}

/** Spec §7 addTime body: `{time: 3600}` (the decider accepts only the one-hour unit). */
export class AddAvatarTimeBody {
  @IsInt()
  time!: number;
}

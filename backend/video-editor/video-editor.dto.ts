import { Type } from 'class-transformer';
import { Allow, IsArray, IsBoolean, IsIn, IsNotEmpty, IsNumber, IsOptional, IsString, MaxLength } from 'class-validator';
import { VIDEO_SYNC_TARGETS, type VideoSyncTarget } from '../../events';

/** Spec §7 weet / silenceWeet: `{weetID, duration (seconds), chapitreId}`. */
export class WeetBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  weetID!: string;

  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  duration!: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  chapitreId!: string;
}

/** The kept ranges are checked by the decider, which names the bad one (`keep[1].start`). */
export class CutBody {
  @Allow()
  keep!: unknown;
}

export class AnnotationBody {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  at!: number;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  duration?: number;

  @IsString()
  @MaxLength(2000)
  text!: string;
}

/** The options are checked in the service so a 400 names the option (`options[2].text`). */
export class InteractionBody {
  @IsNumber({ allowNaN: false, allowInfinity: false })
  at!: number;

  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  question!: string;

  @IsOptional()
  @IsBoolean()
  multiple?: boolean;

  @Allow()
  options!: unknown;
}

export class SynchroniseBody {
  @IsIn(VIDEO_SYNC_TARGETS)
  target!: VideoSyncTarget;
}

export class InteractionAnswerBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  interactionId!: string;

  @IsArray()
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  answers!: string[];
}

import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAIL_LANGUAGES, NOTIFICATION_FREQUENCIES, RATING_MAX, RATING_MIN } from '../../events';
import { RATING_REASON } from './engagement.decider';
import { ACCESS_CODE_MAX } from '../speach';

const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class RatingBody {
  @IsInt({ message: RATING_REASON })
  @Min(RATING_MIN, { message: RATING_REASON })
  @Max(RATING_MAX, { message: RATING_REASON })
  rating!: number;
}

/** Plain text; emptiness and length (after trimming) are the decider's rules. */
export class CommentBody {
  @IsString()
  text!: string;
}

export class PageQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50) size?: number;
}

export class CommentsQuery extends PageQuery {
  /** A private speach's code, for a reader who has not started it yet (SpeachAccess). */
  @IsOptional() @IsString() @MaxLength(ACCESS_CODE_MAX) accessCode?: string;
}

export class NotificationListQuery extends PageQuery {
  @IsOptional() @IsString() type?: string;
}

export class NotificationCountQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @IsString() type?: string;
}

export class NotificationTypeQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsString() @IsNotEmpty() type!: string;
}

export class LanguageQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsIn(MAIL_LANGUAGES, { message: `language must be one of ${MAIL_LANGUAGES.join(', ')}` })
  language!: string;
}

export class FrequencyQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsIn(NOTIFICATION_FREQUENCIES, { message: `frequency must be one of ${NOTIFICATION_FREQUENCIES.join(', ')}` })
  frequency!: string;
}

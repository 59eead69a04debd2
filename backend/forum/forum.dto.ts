import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ABUSE_REASONS, ABUSE_RESOLUTIONS, ABUSE_TARGETS } from '../../events';
import { ACCESS_CODE_MAX } from '../speach';
import { MODERATION_ACTIONS } from './topic.decider';

const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export class ForumPageQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(50) size?: number;
}

export class TopicsQuery extends ForumPageQuery {
  /** A private speach's code, for a reader who has not started it yet (SpeachAccess). */
  @IsOptional() @IsString() @MaxLength(ACCESS_CODE_MAX) accessCode?: string;
}

/** Emptiness and length (after trimming) are the decider's rules, so the answer names the field the same way. */
export class TopicBody {
  @IsString() title!: string;
  @IsString() text!: string;
  @IsOptional() @IsString() @MaxLength(ACCESS_CODE_MAX) accessCode?: string;
}

/** A path's forum has no access code: who may see the path reads it. */
export class PathTopicBody {
  @IsString() title!: string;
  @IsString() text!: string;
}

export class PostBody {
  @IsString() text!: string;
}

export class ModerationBody {
  @IsIn(MODERATION_ACTIONS, { message: `action must be one of ${MODERATION_ACTIONS.join(', ')}` }) action!: 'HIDE' | 'SHOW' | 'DELETE';
}

export class MessageBody {
  @IsString() recipientId!: string;
  @IsString() text!: string;
}

export class AbuseReportBody {
  @IsIn(ABUSE_TARGETS, { message: `target must be one of ${ABUSE_TARGETS.join(', ')}` }) target!: string;
  @IsString() targetId!: string;
  @IsIn(ABUSE_REASONS, { message: `reason must be one of ${ABUSE_REASONS.join(', ')}` }) reason!: string;
  @IsOptional() @IsString() details?: string;
}

export class ResolveReportBody {
  @IsIn(ABUSE_RESOLUTIONS, { message: `resolution must be one of ${ABUSE_RESOLUTIONS.join(', ')}` }) resolution!: string;
}

import { IsBoolean, IsInt, IsOptional, IsString, Min } from 'class-validator';

/**
 * The path as PUT /api/v2/learningPath sends it (a JSON string, spec §7). Types are checked here; whether a title is
 * required, lengths and the recertification range are the path decider's rules. null clears description, image and
 * recertification.
 */
export class PathDetailsDocument {
  /** Absent: create a path. */
  @IsOptional() @IsString() pathId?: string;
  /** The version the editor read; a stale one is a 409. */
  @IsOptional() @IsInt() @Min(-1) version?: number;
  @IsOptional() @IsString() title?: string;
  @IsOptional() @IsString() description?: string | null;
  @IsOptional() @IsString() image?: string | null;
  @IsOptional() @IsBoolean() sequential?: boolean;
  @IsOptional() @IsBoolean() openForSelfEnrolment?: boolean;
  @IsOptional() @IsInt() recertificationMonths?: number | null;
}

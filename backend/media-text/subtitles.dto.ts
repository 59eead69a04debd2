import { Allow, IsOptional, IsString, MaxLength } from 'class-validator';
import { LABEL_MAX } from './subtitles.decider';
import { SUBTITLE_FILE_MAX } from './webvtt';

/** A subtitle file sent as text in a JSON body (state changes take JSON only: the CSRF rule). */
export class UploadSubtitleBody {
  @IsString()
  @MaxLength(10)
  lang!: string;

  @IsOptional()
  @IsString()
  @MaxLength(LABEL_MAX)
  label?: string;

  /** The WebVTT or SRT file's text. */
  @IsString()
  @MaxLength(SUBTITLE_FILE_MAX)
  file!: string;
}

export class EditSubtitleBody {
  @IsOptional()
  @IsString()
  @MaxLength(LABEL_MAX)
  label?: string;

  /** [{start, end, text}] in milliseconds; checked cue by cue (webvtt.ts checkCues) to name the one at fault. */
  @IsOptional()
  @Allow()
  cues?: unknown;
}

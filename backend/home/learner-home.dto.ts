import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { toBoolean, toInt } from '../speach';

export { HOME_SLIDERS, type HomeSlider } from './home.view';

/** A UI language (en, fr, es, de) or a speach language (spec §9: en-US, fr-FR…). */
const LANGUAGE = /^(en|fr|es|de|pt|it|zh|en-US|en-GB|fr-FR|es-ES|de-DE|pt-PT|it-IT|zh-CN)$/;

export class HomeQuery {
  @IsOptional() @Matches(LANGUAGE, { message: 'language must be a UI language (en, fr, es, de) or a speach language (fr-FR…)' }) language?: string;
}

/** Spec §7 "GET on a configurable url for the slider: param page" (the grid's other parameters are accepted and ignored). */
export class SliderQuery extends HomeQuery {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsString() @MaxLength(100) categoryId?: string;
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @IsIn(['LAST_MAJ', 'PUBLICATION', 'TITLE']) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'NONE']) onlyState?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
}

/** The catalogue grid: spec §7 grid parameters plus a category and a language. */
export class CatalogueQuery extends HomeQuery {
  @IsOptional() @IsString() dataType?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) page?: number;
  @IsOptional() @IsIn(['LAST_MAJ', 'PUBLICATION', 'TITLE']) sort?: string;
  @IsOptional() @IsString() @MaxLength(200) name?: string;
  @IsOptional() @IsIn(['PUBLIE', 'NON_PUBLIE', 'NONE']) onlyState?: string;
  @IsOptional() @Transform(toBoolean) @IsBoolean() asc?: boolean;
  @IsOptional() @IsString() @MaxLength(100) categoryId?: string;
}

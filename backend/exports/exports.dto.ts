import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';

export class ListTemplatesQuery {
  @IsOptional()
  @IsIn(['json'])
  dataType?: string;

  /** Spec §6: the back office asks with superAdminAccess; every template is open to administrators. */
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  superAdminAccess?: boolean;
}

export class LaunchExportBody {
  @IsOptional()
  @IsIn(['json'])
  dataType?: string;

  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  templateNames!: string[];
}

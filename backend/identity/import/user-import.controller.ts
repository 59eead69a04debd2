import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import type { Actor } from '../../infrastructure/http/actor';
import { UserImportService } from './user-import.service';

const MAX_CSV_CHARS = 8 * 1024 * 1024;

export class CsvBody {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_CSV_CHARS)
  csv!: string;

  /** Import the valid rows of a file that has errors. */
  @IsOptional()
  @IsBoolean()
  onlyValid?: boolean;
}

@Controller('api/v2/admin/users/import')
@Roles('ADMIN')
export class UserImportController {
  constructor(private readonly imports: UserImportService) {}

  @Post('preview')
  @HttpCode(200)
  preview(@Body() body: CsvBody) {
    return this.imports.preview(body.csv);
  }

  @Post()
  @HttpCode(202)
  start(@CurrentUser() user: Actor, @Body() body: CsvBody) {
    return this.imports.start(user.id, body.csv, body.onlyValid ?? false);
  }

  @Get(':jobId')
  job(@Param('jobId') jobId: string) {
    return this.imports.job(jobId);
  }
}

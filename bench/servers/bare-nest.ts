/** The framework floor: a no-op Nest POST with the product's ValidationPipe and a 3-field DTO. */
import 'reflect-metadata';
import { Body, Controller, Get, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsBoolean, IsInt, IsString, MaxLength } from 'class-validator';
import { createValidationPipe } from '../../backend/infrastructure/http/validation';

class NoopDto {
  @IsString() @MaxLength(100) a!: string;
  @IsInt() b!: number;
  @IsBoolean() c!: boolean;
}

@Controller()
class NoopController {
  @Get('hello')
  hello() {
    return { hello: 'world' };
  }

  @Post('noop')
  @HttpCode(200)
  noop(@Body() body: NoopDto) {
    return { ok: body.b >= 0 };
  }
}

@Module({ controllers: [NoopController] })
class NoopModule {}

async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(NoopModule, new FastifyAdapter(), { logger: false });
  app.useGlobalPipes(createValidationPipe());
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
}
void main();

import { Module } from '@nestjs/common';
import { SpeachModule } from '../speach';
import { EmbedController } from './embed.controller';
import { EmbedTokens } from './embed-tokens.service';
import { ScormController } from './scorm.controller';
import { ScormExports } from './scorm-exports.service';

/** SCORM 2004 export (issue 20) and the embed access tokens the lite packages and the embed routes use. */
@Module({
  imports: [SpeachModule],
  controllers: [ScormController, EmbedController],
  providers: [EmbedTokens, ScormExports],
  exports: [EmbedTokens, ScormExports],
})
export class ScormModule {}

import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { SpeachModule } from '../speach';
import { CompletionController } from './completion.controller';
import { DiffController } from './diff.controller';
import { SignatureThrottle } from './signature-throttle';
import { Signatures } from './signatures.service';

/** Electronic signatures (issue 23): the check every signing call goes through. */
@Module({
  imports: [IdentityModule, SpeachModule],
  controllers: [CompletionController, DiffController],
  providers: [Signatures, SignatureThrottle],
  exports: [Signatures],
})
export class SignatureModule {}

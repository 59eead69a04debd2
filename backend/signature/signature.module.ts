import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity';
import { SpeachModule } from '../speach';
import { CompletionController } from './completion.controller';
import { DiffController } from './diff.controller';
import { SignatureThrottle } from './signature-throttle';
import { Signatures } from './signatures.service';
import { SpeachDiffs } from './speach-diffs';

/** Electronic signatures (issue 23): the check every signing call goes through. */
@Module({
  imports: [IdentityModule, SpeachModule],
  controllers: [CompletionController, DiffController],
  providers: [Signatures, SignatureThrottle, SpeachDiffs],
  exports: [Signatures, SpeachDiffs],
})
export class SignatureModule {}

import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SpeachModule } from '../speach/speach.module';
import { CompletionController } from './completion.controller';
import { SignatureThrottle } from './signature-throttle';
import { Signatures } from './signatures.service';

/** Electronic signatures (issue 23): the check every signing call goes through. */
@Module({
  imports: [IdentityModule, SpeachModule],
  controllers: [CompletionController],
  providers: [Signatures, SignatureThrottle],
  exports: [Signatures],
})
export class SignatureModule {}

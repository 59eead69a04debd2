import { termsStream, userStream } from '../../../events';
import { Inject, Injectable } from '@nestjs/common';
import type { TermsDocument } from '../../../events';
import { TERMS, type TermsDocumentView } from '../../../projections/terms.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { userDecider } from '../user.decider';
import { termsDecider } from './terms.decider';

@Injectable()
export class TermsService {
  constructor(
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  current(document: TermsDocument): Promise<TermsDocumentView | null> {
    return this.readStore.collection<TermsDocumentView>(TERMS).findById(document);
  }

  /** Which documents the user still has to accept (a new version asks again). */
  async pending(user: Pick<UserDocument, 'acceptedTerms'>): Promise<{ GCU: boolean; PDP: boolean }> {
    const [gcu, pdp] = await Promise.all([this.current('GCU'), this.current('PDP')]);
    return {
      GCU: !!gcu && user.acceptedTerms.GCU < gcu.version,
      PDP: !!pdp && user.acceptedTerms.PDP < pdp.version,
    };
  }

  async publish(document: TermsDocument, html: string): Promise<void> {
    await this.commands.run(termsDecider, termsStream(document), { type: 'PublishTerms', document, html });
  }

  /** Accepts the version in force; nothing happens when no terms are published. */
  async accept(userId: string, document: TermsDocument): Promise<void> {
    const current = await this.current(document);
    if (!current) return;
    const user = await this.readStore.collection<UserDocument>(USERS).findById(userId);
    if (!user) return;
    // Accepting terms is always the user's own act, whoever runs the command.
    await this.commands.run(userDecider, userStream(userId), { type: 'AcceptTerms', userId, document, version: current.version }, { userId });
  }
}

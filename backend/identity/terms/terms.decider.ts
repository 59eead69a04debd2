import type { TermsDocument, TermsEvent } from '../../../events';
import { type Decider, ValidationError } from '../../infrastructure/decider/decider';
import { sanitiseRichText } from '../../infrastructure/html/html-sanitiser';

export const TERMS_MAX_LENGTH = 200_000;

export type TermsState = { version: number; html: string };
export type TermsCommand = { type: 'PublishTerms'; document: TermsDocument; html: string };

export const termsDecider: Decider<TermsState, TermsCommand, TermsEvent> = {
  initialState: () => ({ version: 0, html: '' }),
  decide(command, state) {
    const html = sanitiseRichText(command.html).trim();
    if (!html) throw new ValidationError('content', 'content must not be empty');
    if (html.length > TERMS_MAX_LENGTH) throw new ValidationError('content', `content must be at most ${TERMS_MAX_LENGTH} characters`);
    if (html === state.html) return [];
    return [{ type: 'TermsPublished', data: { document: command.document, version: state.version + 1, html } }];
  },
  evolve: (_state, event) => ({ version: event.data.version, html: event.data.html }),
};

import type { AccessibilityStatementEvent } from '../../events';
import { type Decider, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { sanitiseRichText } from '../infrastructure/html/html-sanitiser';

export const STATEMENT_MAX_LENGTH = 200_000;
export const ACCESSIBILITY_STREAM = 'accessibility-statement';

export type AccessibilityState = { id: string | null; statement: string };
export type AccessibilityCommand = { type: 'PublishStatement'; id: string; statement: string } | { type: 'ChangeStatement'; id: string; statement: string };

function clean(statement: string): string {
  const html = sanitiseRichText(statement).trim();
  // Spec §5: the statement must have content, not only empty markup.
  if (
    !html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim() &&
    !/<img\b/i.test(html)
  ) {
    throw new ValidationError('statement', 'statement must not be empty');
  }
  if (html.length > STATEMENT_MAX_LENGTH) throw new ValidationError('statement', `statement must be at most ${STATEMENT_MAX_LENGTH} characters`);
  return html;
}

/** The site's one accessibility statement: created once (POST), then changed by id (PUT). */
export const accessibilityStatementDecider: Decider<AccessibilityState, AccessibilityCommand, AccessibilityStatementEvent> = {
  initialState: () => ({ id: null, statement: '' }),
  decide(command, state) {
    switch (command.type) {
      case 'PublishStatement': {
        if (state.id) throw new IllegalStateError('An accessibility statement already exists; change it with PUT.');
        return [{ type: 'AccessibilityStatementPublished', data: { id: command.id, statement: clean(command.statement) } }];
      }
      case 'ChangeStatement': {
        if (!state.id || state.id !== command.id) throw new NotFoundError('Unknown accessibility statement');
        const statement = clean(command.statement);
        if (statement === state.statement) return [];
        return [{ type: 'AccessibilityStatementChanged', data: { id: command.id, statement } }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve: (_state, event) => ({ id: event.data.id, statement: event.data.statement }),
};

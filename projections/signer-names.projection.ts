import type { UserProfileChanged, UserRegistered } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const SIGNER_NAMES = 'signer_names';

/**
 * A user's printed names over time (issue 23, Part 11 §11.50): a signature shows the name its signer had when
 * they signed, while the name itself stays out of the signature event (personal data lives on the user's stream).
 */
export interface SignerNamesDocument extends ProjectedDocument {
  /** Oldest first; `from` is the time of the user event that gave that name. */
  names: { from: string; name: string }[];
  /** The parts the latest name was made of: a profile change may carry only some of them. */
  firstName: string;
  lastName: string;
  email: string;
}

/** The name printed on a record: first and last name, or the e-mail for an account without one. */
export function printedName(person: { firstName: string; lastName: string; email: string }): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/** The name the user had at `at` (ISO 8601); their first name for an instant before it (a clock skew), null for nobody. */
export function nameAt(doc: Pick<SignerNamesDocument, 'names'> | null | undefined, at: string): string | null {
  if (!doc?.names.length) return null;
  let name = doc.names[0].name;
  for (const entry of doc.names) {
    if (entry.from > at) break;
    name = entry.name;
  }
  return name;
}

export const signerNamesProjection: ProjectionDefinition = {
  name: 'signer-names',
  version: 1,
  collections: [{ name: SIGNER_NAMES }],
  handlers: {
    UserRegistered: async (event, writer) => {
      const d = event.data as UserRegistered['data'];
      await writer.upsert<SignerNamesDocument>(SIGNER_NAMES, d.userId, () => ({
        _id: d.userId,
        names: [{ from: event.time, name: printedName(d) }],
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
      }));
    },
    UserProfileChanged: async (event, writer) => {
      const d = event.data as UserProfileChanged['data'];
      if (d.firstName === undefined && d.lastName === undefined && d.email === undefined) return;
      await writer.upsert<SignerNamesDocument>(SIGNER_NAMES, d.userId, (doc) => {
        if (!doc) return null;
        const parts = { firstName: d.firstName ?? doc.firstName, lastName: d.lastName ?? doc.lastName, email: d.email ?? doc.email };
        const name = printedName(parts);
        const names = doc.names[doc.names.length - 1]?.name === name ? doc.names : [...doc.names, { from: event.time, name }];
        return { ...doc, ...parts, names };
      });
    },
  },
};

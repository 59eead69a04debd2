import type { AvatarLayout, AvatarLayoutEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export const AVATAR_LAYOUTS = 'avatar_layouts';

/** A learner's avatar layout in the player, keyed by user id. */
export interface AvatarLayoutDocument extends ProjectedDocument {
  layout: AvatarLayout;
  chosenAt: string;
}

type Data<T extends AvatarLayoutEvent['type']> = Extract<AvatarLayoutEvent, { type: T }>['data'];

export const avatarLayoutProjection: ProjectionDefinition = {
  name: 'avatar-layout',
  version: 1,
  collections: [{ name: AVATAR_LAYOUTS }],
  handlers: {
    AvatarLayoutChosen: (event, writer) => {
      const d = event.data as Data<'AvatarLayoutChosen'>;
      return writer.upsert<AvatarLayoutDocument>(AVATAR_LAYOUTS, d.userId, () => ({ _id: d.userId, layout: d.layout, chosenAt: event.time }));
    },
  },
};

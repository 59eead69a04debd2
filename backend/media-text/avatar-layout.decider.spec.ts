import type { AvatarLayoutEvent } from '../../events';
import { ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { avatarLayoutDecider } from './avatar-layout.decider';

const spec = deciderSpec(avatarLayoutDecider);
const chosen = (layout: 'VOICE_ONLY' | 'CAMERA_LEFT'): AvatarLayoutEvent => ({ type: 'AvatarLayoutChosen', data: { userId: 'u1', layout } });
const voiceOnly = ['VOICE_ONLY'] as const;
const all = ['VOICE_ONLY', 'CAMERA_LEFT', 'CAMERA_RIGHT', 'SMALL_CAMERA_LEFT', 'SMALL_CAMERA_RIGHT'] as const;

describe('avatar layout decider', () => {
  it('records a learner choosing an enabled layout', () => {
    spec
      .given([])
      .when({ type: 'ChooseAvatarLayout', userId: 'u1', layout: 'VOICE_ONLY', enabled: voiceOnly })
      .then([chosen('VOICE_ONLY')]);
    spec
      .given([chosen('VOICE_ONLY')])
      .when({ type: 'ChooseAvatarLayout', userId: 'u1', layout: 'CAMERA_LEFT', enabled: all })
      .then([chosen('CAMERA_LEFT')]);
  });

  it('records nothing when the layout is already the chosen one', () => {
    spec
      .given([chosen('VOICE_ONLY')])
      .when({ type: 'ChooseAvatarLayout', userId: 'u1', layout: 'VOICE_ONLY', enabled: voiceOnly })
      .then([]);
  });

  it('refuses a layout outside the spec, naming layout', () => {
    spec
      .given([])
      .when({ type: 'ChooseAvatarLayout', userId: 'u1', layout: 'FULL_SCREEN', enabled: all })
      .thenThrows(ValidationError, /one of VOICE_ONLY/);
  });

  it('refuses a layout the installation cannot render, saying why', () => {
    spec
      .given([])
      .when({ type: 'ChooseAvatarLayout', userId: 'u1', layout: 'CAMERA_LEFT', enabled: voiceOnly })
      .thenThrows(ValidationError, /AVATAR_RENDER_URL/);
  });
});

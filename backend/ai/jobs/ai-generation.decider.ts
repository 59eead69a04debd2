import { type AiGenerationEvent, type AiGenerationState, type AiPlanValidated, evolveAiGeneration, initialAiGenerationState } from '../../../events';
import { type Decider, IllegalStateError } from '../../infrastructure/decider/decider';

export type AiGenerationCommand = { type: 'ValidatePlan'; data: AiPlanValidated['data'] };

/** A generated speach is made from one validated plan: its mapping never changes afterwards (spec: Regenerate only before mapping). */
export const aiGenerationDecider: Decider<AiGenerationState, AiGenerationCommand, AiGenerationEvent> = {
  initialState: initialAiGenerationState,
  evolve: evolveAiGeneration,
  decide(command, state) {
    switch (command.type) {
      case 'ValidatePlan':
        if (state.status !== 'none') throw new IllegalStateError('This plan is already mapped to its speach');
        return [{ type: 'AiPlanValidated', data: command.data }];
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },
};

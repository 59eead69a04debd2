import type { VideoAnswerEvent, VideoInteraction } from '../../events';
import { type Decider, ValidationError } from '../infrastructure/decider/decider';

/** The learner's answers so far, per question (a question may be answered again: the last answer counts). */
export type VideoAnswerState = { answered: Record<string, boolean> };

export type VideoAnswerCommand = {
  type: 'AnswerVideoInteraction';
  chapterId: string;
  speachId: string;
  userId: string;
  interaction: VideoInteraction;
  answers: string[];
};

/** Scored like a quiz question: right only when the chosen options are exactly the right ones. */
export function isRight(interaction: VideoInteraction, answers: readonly string[]): boolean {
  const right = interaction.options.filter((o) => o.correct).map((o) => o.optionId);
  return right.length === answers.length && right.every((id) => answers.includes(id));
}

export const videoAnswerDecider: Decider<VideoAnswerState, VideoAnswerCommand, VideoAnswerEvent> = {
  initialState: () => ({ answered: {} }),
  decide(command) {
    const { interaction } = command;
    const answers = [...new Set(command.answers)];
    if (answers.length === 0) throw new ValidationError('answers', 'Choose an answer');
    const known = new Set(interaction.options.map((o) => o.optionId));
    const stranger = answers.find((id) => !known.has(id));
    if (stranger !== undefined) throw new ValidationError('answers', `Unknown option ${stranger}`);
    if (!interaction.multiple && answers.length > 1) throw new ValidationError('answers', 'This question takes one answer');
    const { chapterId, speachId, userId } = command;
    return [
      {
        type: 'VideoInteractionAnswered',
        data: { chapterId, speachId, userId, interactionId: interaction.interactionId, answers, correct: isRight(interaction, answers) },
      },
    ];
  },
  evolve(state, event) {
    return { answered: { ...state.answered, [event.data.interactionId]: event.data.correct } };
  },
};

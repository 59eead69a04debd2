import { Injectable } from '@nestjs/common';
import type { AiChapterGenerated, AiPlanValidated, ChapterSnapshot, RecordedEvent } from '../../../events';
import { DomainError } from '../../infrastructure/decider/decider';
import type { Policy, PolicyContext } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import { SYSTEM_ACTOR, SpeachCommands } from '../../speach';

type Trigger = AiPlanValidated | AiChapterGenerated;

/** The speach's chapters in reading order, as the mapping names them, each empty until generated. */
export function chapterSnapshots(data: AiPlanValidated['data']): ChapterSnapshot[] {
  const snapshots: ChapterSnapshot[] = [];
  for (const lecon of data.mapping.lecons) {
    const chapter = data.plan.chapters.find((c) => c.id === lecon.id)!;
    snapshots.push({ chapterId: lecon.chapitreID, parentId: null, title: chapter.title, content: { type: 'NONE' } });
    for (const chapitre of lecon.chapitres) {
      const sub = chapter.subchapters.find((s) => s.id === chapitre.id)!;
      snapshots.push({ chapterId: chapitre.chapitreID, parentId: lecon.chapitreID, title: sub.title, content: { type: 'NONE' } });
    }
  }
  return snapshots;
}

/**
 * What follows from the generator's facts, through the speach decider: a validated plan creates
 * the author's draft speach with the mapped chapters; a generated chapter fills that chapter.
 */
@Injectable()
export class AiAuthoringPolicy implements Policy<Trigger> {
  readonly name = 'ai-authoring';
  readonly handles = {
    AiPlanValidated: (event: RecordedEvent<AiPlanValidated>, ctx: PolicyContext) => this.createSpeach(event, ctx),
    AiChapterGenerated: (event: RecordedEvent<AiChapterGenerated>, ctx: PolicyContext) => this.fillChapter(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly speaches: SpeachCommands,
  ) {
    void runner.register<Trigger>(this);
  }

  private async createSpeach(event: RecordedEvent<AiPlanValidated>, ctx: PolicyContext): Promise<void> {
    const data = event.data;
    // The author is the one who validated the plan (checked an author then); the draft is theirs.
    const author = { id: data.ownerId, isAdmin: false, isAuthor: true, groupIds: [] };
    await ctx.issue('create-speach', () =>
      this.speaches.run(author, data.speachId, [
        {
          type: 'CreateSpeach',
          title: data.plan.title,
          description: data.plan.description,
          language: data.language,
          categoryId: null,
          isTemplate: false,
          templateId: null,
          duplicatedFrom: null,
          chapters: chapterSnapshots(data),
        },
      ]),
    );
  }

  private async fillChapter(event: RecordedEvent<AiChapterGenerated>, ctx: PolicyContext): Promise<void> {
    const { speachId, chapterId, html } = event.data;
    try {
      await ctx.issue('fill-chapter', () =>
        this.speaches.run(SYSTEM_ACTOR, speachId, [{ type: 'SetChapterContent', chapterId, content: { type: 'HTML', html } }]),
      );
    } catch (error) {
      // The chapter was removed or the speach archived meanwhile: there is nothing left to fill.
      if (!(error instanceof DomainError) || (error.status !== 404 && error.status !== 409)) throw error;
    }
  }
}

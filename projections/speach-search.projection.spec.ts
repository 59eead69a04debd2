import { FAR_FUTURE, SearchCorpus, at } from '../test/contracts/search-corpus';
import type { SpeachSearchDocument } from './speach-search.projection';

async function documentOf(corpus: SearchCorpus, id: string): Promise<SpeachSearchDocument> {
  return (await corpus.documents()).find((d) => d._id === id)!;
}

describe('speach-search projection', () => {
  it('freezes the published version text, with the chapters a speach was created with', async () => {
    const corpus = new SearchCorpus();
    await corpus.apply('s1', 'SpeachCreated', {
      authorId: 'author',
      title: 'From a template',
      description: 'Copied',
      language: 'fr-FR',
      categoryId: null,
      isTemplate: false,
      templateId: 't1',
      duplicatedFrom: null,
      chapters: [
        {
          chapterId: 'c0',
          parentId: null,
          title: 'Inherited chapter',
          content: {
            type: 'QUIZZ',
            passingScore: 50,
            questions: [{ questionId: 'q', text: 'Which helmet?', multiple: false, points: 1, options: [{ optionId: 'o', text: 'The yellow one' }] }],
          },
        },
      ],
    });
    await corpus.apply('s1', 'ChapterAdded', { chapterId: 'c1', parentId: null, title: 'Own chapter', position: 1 });
    await corpus.apply('s1', 'ChapterContentSet', { chapterId: 'c1', content: { type: 'HTML', html: '<p>Gloves&nbsp;<em>always</em></p>' } });
    expect(await documentOf(corpus, 's1')).toEqual(expect.objectContaining({ body: '', listed: false, listedFrom: null, audience: [] }));
    await corpus.publish('s1');
    const published = await documentOf(corpus, 's1');
    expect(published.body.replace(/\s+/g, ' ').trim()).toBe('Inherited chapter Which helmet? The yellow one Own chapter Gloves always');
    expect(published.terms).toEqual(expect.arrayContaining(['from', 'template', 'copied', 'inherited', 'helmet', 'yellow', 'gloves', 'always']));
    expect(published).toEqual(expect.objectContaining({ listed: true, audience: ['*'], language: 'fr-FR', titleKey: 'from a template' }));
    // A draft edit reaches the text at the next publication only, but counts as an update.
    await corpus.apply('s1', 'ChapterRenamed', { chapterId: 'c1', title: 'Renamed chapter' }, at(500));
    const edited = await documentOf(corpus, 's1');
    expect(edited.body).toBe(published.body);
    expect(edited.terms).toEqual(published.terms);
    expect(edited.updatedAt).toBe(at(500));
    await corpus.publish('s1', 2);
    expect((await documentOf(corpus, 's1')).body).toContain('Renamed chapter');
  });

  it('searches the automatic transcripts of the published chapters (issue 22), at once or at publication', async () => {
    const corpus = new SearchCorpus();
    await corpus.speach('s1', 'Briefing', '<p>Welcome.</p>');
    await corpus.apply('s1', 'ChapterAdded', { chapterId: 'v1', parentId: null, title: 'Film', position: 1 });
    await corpus.apply('s1', 'TranscriptCompleted', { chapterId: 'v1', blobId: 'b', lang: 'en_US', subtitleId: 't', cues: [], text: 'Fasten the harness' });
    expect((await documentOf(corpus, 's1')).body).toBe('');
    await corpus.publish('s1');
    expect((await documentOf(corpus, 's1')).terms).toEqual(expect.arrayContaining(['fasten', 'harness']));
    // A chapter added after the publication is not searched yet, its transcript neither.
    await corpus.apply('s1', 'ChapterAdded', { chapterId: 'v2', parentId: null, title: 'Later film', position: 2 });
    await corpus.apply('s1', 'TranscriptCompleted', { chapterId: 'v2', blobId: 'b2', lang: 'en_US', subtitleId: 't2', cues: [], text: 'Ladders' });
    expect((await documentOf(corpus, 's1')).terms).not.toContain('ladders');
    await corpus.apply('s1', 'TranscriptCompleted', { chapterId: 'v1', blobId: 'b3', lang: 'en_US', subtitleId: null, cues: [], text: 'Goggles on' });
    const again = await documentOf(corpus, 's1');
    expect(again.terms).toEqual(expect.arrayContaining(['goggles']));
    expect(again.terms).not.toContain('harness');
  });

  it('lists a speach from when its publication goes live, to its audience, until it leaves', async () => {
    const corpus = new SearchCorpus();
    await corpus.speach('s1', 'Scheduled', '<p>Later.</p>');
    await corpus.publish('s1', 1, FAR_FUTURE);
    expect(await documentOf(corpus, 's1')).toEqual(expect.objectContaining({ listed: true, listedFrom: FAR_FUTURE }));
    await corpus.apply('s1', 'SpeachUnpublished');
    await corpus.publish('s1', 2);
    const live = await documentOf(corpus, 's1');
    expect(live.listedFrom).not.toBe(FAR_FUTURE);
    // Republishing a live speach keeps the run's start.
    await corpus.publish('s1', 3);
    expect((await documentOf(corpus, 's1')).listedFrom).toBe(live.listedFrom);
    await corpus.apply('s1', 'SpeachVisibilityChanged', { visibility: 'RESTREINT', accessCodeHash: null });
    expect((await documentOf(corpus, 's1')).audience).toEqual([]);
    await corpus.apply('s1', 'SpeachAffectedUsersChanged', { userIds: ['u1'] });
    await corpus.apply('s1', 'SpeachAffectedGroupsChanged', { groupIds: ['g1'] });
    expect((await documentOf(corpus, 's1')).audience).toEqual(['u:u1', 'g:g1']);
    for (const [type, listed] of [
      ['SpeachArchived', false],
      ['SpeachRestored', true],
    ] as const) {
      await corpus.apply('s1', type);
      expect((await documentOf(corpus, 's1')).listed).toBe(listed);
    }
    await corpus.apply('s1', 'SpeachVisibilityChanged', { visibility: 'SEMI_PRIVE', accessCodeHash: null });
    expect(await documentOf(corpus, 's1')).toEqual(expect.objectContaining({ listed: false, listedFrom: null, audience: [] }));
  });

  it('counts every speach event but a pin as an update, as the speach card does', async () => {
    const corpus = new SearchCorpus();
    await corpus.speach('s1', 'Badged', '<p>Text.</p>');
    await corpus.apply('s1', 'SpeachBadgeConfigured', { badge: 'AVANCEMENT' }, at(400));
    expect((await documentOf(corpus, 's1')).updatedAt).toBe(at(400));
    await corpus.apply('s1', 'SpeachPinnedOnHome', {}, at(401));
    expect((await documentOf(corpus, 's1')).updatedAt).toBe(at(400));
  });
});

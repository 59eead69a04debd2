import type { RecordedEvent } from '../../events';
import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { ReadStoreDeadLetters } from '../../backend/infrastructure/policies/dead-letter-store';
import type { Policy } from '../../backend/infrastructure/policies/policy';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { UnpinWithdrawnPolicy } from '../../backend/speach/policies/unpin-withdrawn.policy';
import { PublishOnValidationPolicy } from '../../backend/workflow/policies/publish-on-validation.policy';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('Reactions run as policies (issue 15)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  let approverId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishable(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Introduction', parentId: null }).expect(201))
      .body.chapterId;
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Look around</p>' })
      .expect(200);
    return id;
  }
  const card = async (id: string) => (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200)).body;
  const stream = (id: string) => t.adapters.eventStore.readStream(id);
  const last = async (id: string) => (await stream(id)).at(-1) as RecordedEvent;
  const validateAlone = async (speachId: string, final: Record<string, unknown>) => {
    await t.http
      .post('/api/v2/workflow/submit')
      .set(as(author))
      .send({ speachId, anonymous: true, approvers: [{ id: approverId }] })
      .expect(200);
    return t.http.post(`/api/v2/workflow/speach/${speachId}/validate`).set(as(approver)).send(final).expect(200);
  };
  const completion = async (speachId: string) => {
    const all = await t.adapters.eventStore.readAll();
    return all.filter((e) => e.type === 'WorkflowCompleted' && e.data.speachId === speachId).at(-1)!;
  };
  /** A second runner over the app's store, replaying the whole log from position 0 with the app's own policy. */
  async function replayFromZero(policy: Policy<never>): Promise<number> {
    const checkpoints = new MemoryCheckpointStore();
    await checkpoints.save({ name: `policy:${policy.name}`, position: 0, version: 1 });
    const replay = new PolicyRunner(t.adapters.eventStore, checkpoints, new ReadStoreDeadLetters(new MemoryReadStore()), t.clock, {
      retry: { attempts: 1, backoffMs: 0 },
    });
    await replay.register(policy);
    const before = await t.adapters.eventStore.headPosition();
    await replay.start();
    await replay.reach(before, 10_000);
    await replay.stop();
    expect(replay.status()[0].deadLetters).toEqual([]);
    return (await t.adapters.eventStore.headPosition()) - before;
  }

  beforeAll(async () => {
    t = await startTestApp();
    const team = await fixtures(t).people('admin', 'author', 'approver');
    // The default workflow's step 1 is the approver's group; signed in again once in it, as a real approver would be.
    await fixtures(t).approvalCircuit(team[2]);
    [admin, author, approver] = [team[0].token, team[1].token, await t.login(team[2].email)];
    approverId = (await t.http.get('/api/auth/me').set(as(approver)).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('publish-on-validation', () => {
    it("given a completed validation, then the speach is published and its review scheduled by the policy, already in the validator's answer", async () => {
      const id = await publishable('Validated by a policy');
      await validateAlone(id, { periodicReview: 'ON', frequency: 'ONE_YEAR', delay: 'IMMEDIATELY' });
      // Read-your-writes covers the reaction: no wait between the answer and this read.
      expect(await card(id)).toEqual(expect.objectContaining({ state: 'PUBLIE', publication: true }));
      const completed = await completion(id);
      const published = await last(`speach-${id}`);
      expect(published.type).toBe('SpeachPublished');
      expect(published.metadata).toEqual(
        expect.objectContaining({
          userId: 'system',
          policy: 'publish-on-validation',
          causationId: completed.id,
          correlationId: completed.metadata.correlationId,
          commandId: expect.any(String),
        }),
      );
      const scheduled = await last(`periodic-review-${id}`);
      expect(scheduled).toEqual(
        expect.objectContaining({ type: 'PeriodicReviewScheduled', data: expect.objectContaining({ speachId: id, frequency: 'ONE_YEAR' }) }),
      );
      expect(scheduled.metadata).toEqual(expect.objectContaining({ policy: 'publish-on-validation', causationId: completed.id }));
      expect(scheduled.metadata.commandId).not.toBe(published.metadata.commandId);
    });

    it('given a later validation without periodic review, then the running review stops', async () => {
      const id = await publishable('Review stopped by a policy');
      await validateAlone(id, { periodicReview: 'ON', frequency: 'TWO_YEARS', delay: 'IMMEDIATELY' });
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ description: 'Second edition' }).expect(200);
      await validateAlone(id, { periodicReview: 'OFF', delay: 'IMMEDIATELY' });
      const stopped = await last(`periodic-review-${id}`);
      expect(stopped).toEqual(expect.objectContaining({ type: 'PeriodicReviewStopped' }));
      expect(stopped.metadata).toEqual(expect.objectContaining({ policy: 'publish-on-validation', causationId: (await completion(id)).id }));
      expect((await card(id)).state).toBe('PUBLIE');
    });

    it('replayed from position 0, acts on no completion twice', async () => {
      expect(await replayFromZero(t.app.get(PublishOnValidationPolicy) as unknown as Policy<never>)).toBe(0);
    });
  });

  describe('unpin-withdrawn-speach', () => {
    const pinned = async () =>
      ((await t.http.get('/api/v2/admin/speach').query({ pinnedOnHome: 'true', size: 50 }).set(as(admin)).expect(200)).body.result as { id: string }[]).map(
        (s) => s.id,
      );

    it('given a pinned speach, when it is unpublished, then the policy unpins it, already in the answer', async () => {
      const id = await publishable('Pinned then withdrawn');
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      expect(await pinned()).toContain(id);
      await t.http.post(`/api/v2/recorder/speach/${id}/unpublish`).set(as(author)).send({}).expect(200);
      expect(await pinned()).not.toContain(id);
      const unpublished = await last(`speach-${id}`);
      const unpinned = await last('home-pins');
      expect(unpinned).toEqual(expect.objectContaining({ type: 'SpeachUnpinnedFromHome', data: { speachId: id } }));
      expect(unpinned.metadata).toEqual(expect.objectContaining({ userId: 'system', policy: 'unpin-withdrawn-speach', causationId: unpublished.id }));
    });

    it('given a pinned speach made private, then it is unpinned; a public one left as it is stays pinned', async () => {
      const id = await publishable('Pinned then private');
      const kept = await publishable('Pinned and kept');
      for (const s of [id, kept]) {
        await t.http.post(`/api/v2/recorder/speach/${s}/publish`).set(as(admin)).send({}).expect(200);
        await t.http.put(`/api/v2/recorder/speach/${s}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      }
      await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${kept}/visibility`).set(as(author)).send({ visibility: 'PUBLIC' }).expect(200);
      const now = await pinned();
      expect(now).not.toContain(id);
      expect(now).toContain(kept);
    });

    it('replayed from position 0 after a speach was published and pinned again, leaves it pinned and unpins nothing twice', async () => {
      const id = await publishable('Withdrawn then back');
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      await t.http.post(`/api/v2/recorder/speach/${id}/unpublish`).set(as(author)).send({}).expect(200);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      expect(await replayFromZero(t.app.get(UnpinWithdrawnPolicy) as unknown as Policy<never>)).toBe(0);
      expect(await pinned()).toContain(id);
    });
  });

  describe('dead letters', () => {
    it('a reaction that keeps failing lands in the dead-letter list of GET /api/health (degraded), the others go on, and POST /api/admin/policies/retry runs it again', async () => {
      const runner = t.app.get(PolicyRunner);
      const before = await t.http.get('/api/health').expect(200);
      expect(before.body.policies).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'publish-on-validation', kind: 'event', deadLetters: [] }),
          expect.objectContaining({ name: 'unpin-withdrawn-speach', kind: 'event', deadLetters: [] }),
          expect.objectContaining({ name: 'unpublish-after-due-date', kind: 'scheduled', deadLetters: [] }),
        ]),
      );
      let relayDown = true;
      const failing: Policy<RecordedEvent> = {
        name: 'always-fails',
        retry: { attempts: 2, backoffMs: 0 },
        handles: {
          SpeachCreated: async () => {
            if (relayDown) throw new Error('the mail relay refused the message');
          },
        },
      };
      await runner.register(failing as unknown as Policy<never>);
      const id = await publishable('Poison for one policy');
      const health = await t.http.get('/api/health').expect(503);
      expect(health.body.status).toBe('degraded');
      const head = await t.adapters.eventStore.headPosition();
      const entry = (health.body.policies as { name: string; position: number; deadLetters: unknown[] }[]).find((p) => p.name === 'always-fails')!;
      expect(entry.position).toBe(head);
      const created = (await stream(`speach-${id}`))[0];
      expect(entry.deadLetters).toEqual([
        {
          policy: 'always-fails',
          key: created.id,
          position: created.position,
          eventType: 'SpeachCreated',
          streamId: `speach-${id}`,
          error: 'the mail relay refused the message',
          attempts: 2,
          at: expect.any(String),
        },
      ]);
      // The other policies kept going past the poison event.
      expect((health.body.policies as { name: string; position: number | null }[]).filter((p) => p.position !== null).every((p) => p.position === head)).toBe(
        true,
      );

      // Once the cause is fixed, an administrator runs the reaction again and health recovers.
      const retry = (query: Record<string, string>, token = admin) => t.http.post('/api/admin/policies/retry').query(query).set(as(token));
      await retry({ name: 'always-fails', key: created.id }, author).expect(403);
      expect((await retry({ name: 'always-fails' }).expect(400)).body.errors).toEqual([{ field: 'key', reason: expect.any(String) }]);
      expect((await retry({ key: created.id }).expect(400)).body.errors).toEqual([{ field: 'name', reason: expect.any(String) }]);
      await retry({ name: 'always-fails', key: 'no-such-letter' }).expect(404);
      const stillDown = await retry({ name: 'always-fails', key: created.id }).expect(200);
      expect(stillDown.body.succeeded).toBe(false);
      expect(stillDown.body.policies.find((p: { name: string }) => p.name === 'always-fails').deadLetters).toEqual([
        expect.objectContaining({ key: created.id, attempts: 2 }),
      ]);
      relayDown = false;
      const fixed = await retry({ name: 'always-fails', key: created.id }).expect(200);
      expect(fixed.body.succeeded).toBe(true);
      const recovered = await t.http.get('/api/health').expect(200);
      expect(recovered.body.status).toBe('ok');
      expect(recovered.body.policies.find((p: { name: string }) => p.name === 'always-fails').deadLetters).toEqual([]);
    });
  });
});

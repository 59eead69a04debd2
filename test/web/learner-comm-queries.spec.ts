import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { forumKeys, forumPostOptions, markReadOptions, messagesKeys } from '../../web/learner/src/forum/useForum';
import type { ConversationRow, ForumSubject, TopicRow } from '../../web/learner/src/forum/forumApi';
import { flattenTopics } from '../../web/learner/src/forum/useForum';
import { chooseLayoutOptions, mediaTextKeys } from '../../web/learner/src/media-text/useMediaText';
import type { AvatarLayoutView } from '../../web/learner/src/media-text/mediaTextApi';
import type { AppNotification, NotificationParameter } from '../../web/learner/src/notifications/notificationsApi';
import {
  type NotificationSettings,
  flattenNotifications,
  frequencyOptions,
  notificationKeys,
  toggleSettingOptions,
} from '../../web/learner/src/notifications/useNotifications';
import { transcriptsPending } from '../../web/learner/src/ai/useAi';
import type { QuizSpeachChapters } from '../../web/learner/src/ai/aiApi';

/** The network boundary: each call waits until the test answers it, so the screen's state in between can be read. */
interface Call {
  url: string;
  method: string;
  answer: (status: number, body: unknown) => void;
}
let calls: Call[] = [];
const realFetch = global.fetch;
beforeEach(() => {
  calls = [];
  global.fetch = ((url: string, init: RequestInit = {}) =>
    new Promise<Response>((resolve) =>
      calls.push({ url, method: init.method ?? 'GET', answer: (status, body) => resolve(new Response(JSON.stringify(body), { status })) }),
    )) as typeof fetch;
});
afterEach(() => {
  global.fetch = realFetch;
});

/** No garbage-collection timers: the test process ends with its last test. */
const newClient = () => new QueryClient({ defaultOptions: { queries: { gcTime: Infinity, retry: false }, mutations: { gcTime: Infinity, retry: false } } });

/** Lets the mutation's onMutate run and its request leave. */
async function untilCalls(count: number) {
  for (let i = 0; i < 50 && calls.length < count; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(calls).toHaveLength(count);
}

function run<V>(client: QueryClient, options: object, variables: V) {
  return new MutationObserver(client, options as never).mutate(variables as never).then(
    () => 'ok',
    () => 'failed',
  );
}

const param = (id: string, activate: boolean): NotificationParameter => ({ id, typeNotification: `TYPE_${id}`, activate, category: 'USER' });
const activation = (client: QueryClient) =>
  client.getQueryData<NotificationSettings>(notificationKeys.settings)!.params.map((p) => [p.id, p.activate] as const);

describe('notification settings (optimistic switches, spec §5)', () => {
  it('a switch flips before the server answers, and only that switch goes back when the server refuses it', async () => {
    const client = newClient();
    client.setQueryData<NotificationSettings>(notificationKeys.settings, {
      params: [param('a', true), param('b', false)],
      frequencyNotification: 'HEBDOMADAIRE',
    });

    const first = run(client, toggleSettingOptions(client), { param: param('a', true), activate: false });
    await untilCalls(1);
    const second = run(client, toggleSettingOptions(client), { param: param('b', false), activate: true });
    await untilCalls(2);
    expect(calls[0].url).toBe('/api/v2/notifications/parameters/desactivate?type=TYPE_a');
    expect(calls[1].url).toBe('/api/v2/notifications/parameters/activate?type=TYPE_b');
    expect(activation(client)).toEqual([
      ['a', false],
      ['b', true],
    ]);

    calls[0].answer(500, { message: 'down' });
    calls[1].answer(200, param('b', true));
    expect(await first).toBe('failed');
    expect(await second).toBe('ok');
    expect(activation(client)).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });

  it('the mail frequency shows the choice at once and returns to the previous one on failure', async () => {
    const client = newClient();
    client.setQueryData<NotificationSettings>(notificationKeys.settings, { params: [], frequencyNotification: 'HEBDOMADAIRE' });
    const change = run(client, frequencyOptions(client), 'JOURNALIER');
    await untilCalls(1);
    expect(calls[0].url).toBe('/api/v2/notifications/parameters/frequency?frequency=JOURNALIER');
    expect(client.getQueryData<NotificationSettings>(notificationKeys.settings)!.frequencyNotification).toBe('JOURNALIER');
    calls[0].answer(403, { message: 'no' });
    expect(await change).toBe('failed');
    expect(client.getQueryData<NotificationSettings>(notificationKeys.settings)!.frequencyNotification).toBe('HEBDOMADAIRE');
  });

  it('the notifications page shows each notification once when a new one shifted the pages', () => {
    const n = (key: string) => ({ key }) as AppNotification;
    expect(
      flattenNotifications([
        [n('3'), n('2')],
        [n('2'), n('1')],
      ])!.map((x) => x.key),
    ).toEqual(['3', '2', '1']);
    expect(flattenNotifications(undefined)).toBeUndefined();
  });
});

const row = (conversationId: string, unread: number) => ({ conversationId, unread }) as ConversationRow;

describe('messages: marking a conversation read', () => {
  function seeded() {
    const client = newClient();
    client.setQueryData(messagesKeys.conversations, [row('c1', 3), row('c2', 1)]);
    client.setQueryData(messagesKeys.unread, 4);
    return client;
  }
  const unreadRows = (client: QueryClient) => client.getQueryData<ConversationRow[]>(messagesKeys.conversations)!.map((r) => r.unread);

  it("drops the row's and the app bar's counts at once, then reads the list, the count and the thread again", async () => {
    const client = seeded();
    const done = run(client, markReadOptions(client), 'c1');
    await untilCalls(1);
    expect(calls[0]).toMatchObject({ url: '/api/v2/messages/conversations/c1/read', method: 'POST' });
    expect(unreadRows(client)).toEqual([0, 1]);
    expect(client.getQueryData(messagesKeys.unread)).toBe(1);
    calls[0].answer(200, { unread: 0 });
    expect(await done).toBe('ok');
    expect(client.getQueryState(messagesKeys.conversations)!.isInvalidated).toBe(true);
    expect(client.getQueryState(messagesKeys.unread)!.isInvalidated).toBe(true);
  });

  it('puts the counts back when the server refuses', async () => {
    const client = seeded();
    const done = run(client, markReadOptions(client), 'c1');
    await untilCalls(1);
    calls[0].answer(404, { message: 'gone' });
    expect(await done).toBe('failed');
    expect(unreadRows(client)).toEqual([3, 1]);
    expect(client.getQueryData(messagesKeys.unread)).toBe(4);
  });
});

describe('forum: a change to a post refreshes its topic and its forum only', () => {
  const speach: ForumSubject = { kind: 'speach', id: 's1' };
  const other: ForumSubject = { kind: 'speach', id: 's2' };

  it('invalidates the topic and the topic list of its subject, not another forum', async () => {
    const client = newClient();
    client.setQueryData(forumKeys.topic('t1', 'CODE'), { topicId: 't1' });
    client.setQueryData(forumKeys.topics(speach, 'CODE'), { pages: [], pageParams: [] });
    client.setQueryData(forumKeys.topics(other), { pages: [], pageParams: [] });
    const done = run(client, forumPostOptions(client, speach, 't1'), { work: () => fetch('/api/v2/topics/t1/posts', { method: 'POST' }) });
    await untilCalls(1);
    expect(client.getQueryState(forumKeys.topic('t1', 'CODE'))!.isInvalidated).toBe(false);
    calls[0].answer(200, {});
    expect(await done).toBe('ok');
    expect(client.getQueryState(forumKeys.topic('t1', 'CODE'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(forumKeys.topics(speach, 'CODE'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(forumKeys.topics(other))!.isInvalidated).toBe(false);
  });

  it('deleting the opening post drops the topic from the cache instead of reading a deleted topic again', async () => {
    const client = newClient();
    client.setQueryData(forumKeys.topic('t1'), { topicId: 't1' });
    const done = run(client, forumPostOptions(client, speach, 't1'), { work: () => fetch('/x', { method: 'DELETE' }), closesTopic: true });
    await untilCalls(1);
    calls[0].answer(200, { deleted: true });
    expect(await done).toBe('ok');
    expect(client.getQueryState(forumKeys.topic('t1'))).toBeUndefined();
  });

  it('a failed change invalidates nothing', async () => {
    const client = newClient();
    client.setQueryData(forumKeys.topic('t1'), { topicId: 't1' });
    const done = run(client, forumPostOptions(client, speach, 't1'), {
      work: () => fetch('/x').then((r) => (r.ok ? r : Promise.reject(new Error(String(r.status))))),
    });
    await untilCalls(1);
    calls[0].answer(403, {});
    expect(await done).toBe('failed');
    expect(client.getQueryState(forumKeys.topic('t1'))!.isInvalidated).toBe(false);
  });

  it('lists each topic once across pages', () => {
    const topic = (topicId: string) => ({ topicId }) as TopicRow;
    expect(flattenTopics([{ result: [topic('b'), topic('a')] }, { result: [topic('a'), topic('z')] }])!.map((t) => t.topicId)).toEqual(['b', 'a', 'z']);
  });
});

describe('avatar layout (optimistic choice)', () => {
  const view = (layout: AvatarLayoutView['layout']): AvatarLayoutView => ({ layout, layouts: [], reason: null });

  it('shows the chosen layout at once and keeps the server answer', async () => {
    const client = newClient();
    client.setQueryData(mediaTextKeys.avatarLayout, view('VOICE_ONLY'));
    const done = run(client, chooseLayoutOptions(client), 'CAMERA_LEFT');
    await untilCalls(1);
    expect(calls[0]).toMatchObject({ url: '/api/v2/learner/avatar-layout', method: 'PUT' });
    expect(client.getQueryData<AvatarLayoutView>(mediaTextKeys.avatarLayout)!.layout).toBe('CAMERA_LEFT');
    calls[0].answer(200, { ...view('CAMERA_LEFT'), reason: 'saved' });
    expect(await done).toBe('ok');
    expect(client.getQueryData<AvatarLayoutView>(mediaTextKeys.avatarLayout)!.reason).toBe('saved');
  });

  it('goes back to the previous layout when the server refuses', async () => {
    const client = newClient();
    client.setQueryData(mediaTextKeys.avatarLayout, view('VOICE_ONLY'));
    const done = run(client, chooseLayoutOptions(client), 'CAMERA_RIGHT');
    await untilCalls(1);
    calls[0].answer(400, { message: 'layout' });
    expect(await done).toBe('failed');
    expect(client.getQueryData<AvatarLayoutView>(mediaTextKeys.avatarLayout)!.layout).toBe('VOICE_ONLY');
  });
});

describe('AI quiz popup polling rule (spec §4)', () => {
  const chapters = (...statuses: string[]) =>
    ({
      chapters: [
        {
          id: 'c',
          title: 'c',
          type: 'VIDEO',
          autoTranscriptStatus: 'DONE',
          subchapters: statuses.map((s, i) => ({ id: `s${i}`, title: '', type: 'VIDEO', autoTranscriptStatus: s })),
        },
      ],
    }) as unknown as QuizSpeachChapters;

  it('asks again while a transcript is waiting or failed, not once all are ready', () => {
    expect(transcriptsPending(chapters('DONE', 'WAITING'))).toBe(true);
    expect(transcriptsPending(chapters('ERROR'))).toBe(true);
    expect(transcriptsPending(chapters('DONE', 'NA'))).toBe(false);
    expect(transcriptsPending(undefined)).toBe(false);
  });
});

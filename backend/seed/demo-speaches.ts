import { type ChapterContent, uuidv7 } from '../../events';
import type { SpeachCommands, SpeachActor } from '../speach';

interface DemoSpeach {
  title: string;
  description: string;
  tags: string;
  language: string;
  category: number;
  chapters: { title: string; content: ChapterContent; subs?: { title: string; content: ChapterContent }[] }[];
  visibility?: 'PUBLIC' | 'PRIVE' | 'SEMI_PRIVE' | 'RESTREINT';
  state: 'published' | 'draft' | 'scheduled' | 'archived' | 'template' | 'pending';
  pinned?: boolean;
}

const html = (body: string): ChapterContent => ({ type: 'HTML', html: body });
const quiz = (question: string, answers: string[], correct: number): ChapterContent => ({
  type: 'QUIZZ',
  passingScore: 50,
  questions: [
    {
      questionId: uuidv7(),
      text: question,
      multiple: false,
      points: 1,
      options: answers.map((text, i) => ({ optionId: `o${i}`, text, correct: i === correct })),
    },
  ],
});

/** A dozen speaches in every state the lists and filters distinguish. */
export const DEMO_SPEACHES: DemoSpeach[] = [
  {
    title: 'Welcome to the company',
    description: 'Your first week: people, tools and habits.',
    tags: 'onboarding welcome',
    language: 'en-US',
    category: 0,
    state: 'published',
    pinned: true,
    chapters: [
      { title: 'Who we are', content: html('<h2>Who we are</h2><p>We build training software used by <strong>300 organisations</strong>.</p>') },
      { title: 'Your first week', content: html('<ul><li>Meet your buddy</li><li>Set up your laptop</li><li>Read the security policy</li></ul>') },
      { title: 'Check your knowledge', content: quiz('Who helps you during your first week?', ['Your buddy', 'Nobody', 'The CEO'], 0) },
    ],
  },
  {
    title: 'Sécurité sur site : les fondamentaux',
    description: 'Les règles à connaître avant toute intervention chez un client.',
    tags: 'sécurité terrain EPI',
    language: 'fr-FR',
    category: 2,
    state: 'published',
    chapters: [
      {
        title: 'Avant de partir',
        content: html('<p>Vérifiez vos <em>équipements de protection individuelle</em>.</p>'),
        subs: [
          { title: 'Les EPI obligatoires', content: html('<p>Casque, chaussures de sécurité, gants.</p>') },
          { title: 'Quiz EPI', content: quiz('Quel équipement est obligatoire ?', ['Casque', 'Cravate', 'Montre'], 0) },
        ],
      },
    ],
  },
  {
    title: 'Phishing awareness',
    description: 'Recognise and report suspicious e-mails.',
    tags: 'security phishing email',
    language: 'en-GB',
    category: 7,
    state: 'published',
    pinned: true,
    chapters: [
      { title: 'What phishing looks like', content: html('<p>Urgency, unknown senders and odd links are the usual signs.</p>') },
      { title: 'Video: a real attack', content: { type: 'EMBED', url: 'https://www.youtube-nocookie.com/embed/XBkzBrXlle0' } },
      { title: 'Quiz', content: quiz('What do you do with a suspicious e-mail?', ['Report it', 'Open the attachment', 'Forward it to colleagues'], 0) },
    ],
  },
  {
    title: 'Verkaufstechniken für Einsteiger',
    description: 'Bedarfsanalyse, Einwandbehandlung und Abschluss.',
    tags: 'vertrieb verkauf',
    language: 'de-DE',
    category: 6,
    state: 'published',
    chapters: [{ title: 'Bedarfsanalyse', content: html('<p>Offene Fragen stellen und aktiv zuhören.</p>') }],
  },
  {
    title: 'Atención al cliente por teléfono',
    description: 'Buenas prácticas para llamadas entrantes.',
    tags: 'cliente teléfono',
    language: 'es-ES',
    category: 4,
    state: 'published',
    visibility: 'SEMI_PRIVE',
    chapters: [{ title: 'Saludo', content: html('<p>Preséntese y pregunte el nombre del cliente.</p>') }],
  },
  {
    title: 'GMP documentation basics',
    description: 'Good documentation practice for regulated teams.',
    tags: 'gmp compliance documentation',
    language: 'en-US',
    category: 3,
    state: 'published',
    visibility: 'RESTREINT',
    chapters: [{ title: 'ALCOA+', content: html('<p>Attributable, Legible, Contemporaneous, Original, Accurate.</p>') }],
  },
  {
    title: 'Management 101: one-to-ones',
    description: 'Run useful one-to-one meetings.',
    tags: 'management meetings',
    language: 'en-US',
    category: 5,
    state: 'pending',
    chapters: [{ title: 'Preparing', content: html('<p>Ask for the agenda in advance.</p>') }],
  },
  {
    title: 'Product tour 2027',
    description: 'What is new in the product this year.',
    tags: 'product roadmap',
    language: 'en-US',
    category: 1,
    state: 'scheduled',
    chapters: [{ title: 'Highlights', content: html('<p>Learning paths, AI quizzes and more.</p>') }],
  },
  {
    title: 'Board confidential briefing',
    description: 'Private: ask your manager for the access code.',
    tags: 'confidential',
    language: 'en-US',
    category: 5,
    state: 'published',
    visibility: 'PRIVE',
    chapters: [{ title: 'Agenda', content: html('<p>Quarterly results and priorities.</p>') }],
  },
  {
    title: 'Draft: customer onboarding checklist',
    description: 'Work in progress.',
    tags: 'onboarding customers',
    language: 'en-US',
    category: 0,
    state: 'draft',
    chapters: [{ title: 'Kick-off call', content: { type: 'NONE' } }],
  },
  {
    title: 'Standard course template',
    description: 'Introduction, three lessons and a final quiz.',
    tags: 'template',
    language: 'en-US',
    category: 0,
    state: 'template',
    chapters: [
      { title: 'Introduction', content: html('<p>What you will learn.</p>') },
      { title: 'Lesson', content: html('<p>Content.</p>') },
      { title: 'Final quiz', content: quiz('Replace this question', ['Right answer', 'Wrong answer'], 0) },
    ],
  },
  {
    title: 'Old travel policy (2019)',
    description: 'Replaced by the 2024 policy.',
    tags: 'travel policy',
    language: 'en-US',
    category: 3,
    state: 'archived',
    chapters: [{ title: 'Policy', content: html('<p>Superseded.</p>') }],
  },
];

/** Seeds the demo speaches through the real commands; `now` is the seed's clock. */
export async function seedDemoSpeaches(
  speaches: SpeachCommands,
  author: SpeachActor,
  admin: SpeachActor,
  categories: string[],
  groups: string[],
  now: Date,
): Promise<void> {
  for (const [index, demo] of DEMO_SPEACHES.entries()) {
    const owner = index % 3 === 2 ? admin : author;
    const speachId = uuidv7();
    const commands: Parameters<SpeachCommands['run']>[2] = [
      {
        type: 'CreateSpeach',
        title: demo.title,
        description: demo.description,
        language: demo.language,
        categoryId: categories[demo.category] ?? null,
        isTemplate: demo.state === 'template',
        templateId: null,
        duplicatedFrom: null,
        chapters: [],
      },
      { type: 'ChangeDetails', tags: demo.tags },
    ];
    for (const chapter of demo.chapters) {
      const chapterId = uuidv7();
      commands.push({ type: 'AddChapter', chapterId, parentId: null, title: chapter.title });
      commands.push({ type: 'SetChapterContent', chapterId, content: chapter.content });
      for (const sub of chapter.subs ?? []) {
        const subId = uuidv7();
        commands.push({ type: 'AddChapter', chapterId: subId, parentId: chapterId, title: sub.title });
        commands.push({ type: 'SetChapterContent', chapterId: subId, content: sub.content });
      }
    }
    if (demo.visibility === 'PRIVE')
      commands.push({ type: 'ChangeVisibility', visibility: 'PRIVE', accessCodeHash: await speaches.hashAccessCode('demo-code') });
    else if (demo.visibility) commands.push({ type: 'ChangeVisibility', visibility: demo.visibility, accessCodeHash: null });
    if (demo.visibility === 'RESTREINT') commands.push({ type: 'SetAffectedGroups', groupIds: groups.slice(3, 4) });
    const iso = now.toISOString();
    if (demo.state === 'published' || demo.state === 'archived' || demo.state === 'pending') commands.push({ type: 'Publish', at: null, now: iso });
    if (demo.state === 'pending')
      commands.push({
        type: 'SetChapterContent',
        chapterId: (commands[2] as { chapterId: string }).chapterId,
        content: html('<p>Ask for the agenda in advance, and share yours.</p>'),
      });
    if (demo.state === 'scheduled') commands.push({ type: 'Publish', at: new Date(now.getTime() + 14 * 86_400_000).toISOString(), now: iso });
    if (demo.state === 'archived') commands.push({ type: 'Archive' });
    await speaches.run(owner, speachId, commands);
    if (demo.pinned) await speaches.pin(admin, speachId, true);
  }
}

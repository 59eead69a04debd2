import { MAIL_LANGUAGES, NOTIFICATION_TYPE_NAMES } from '../../../events';
import { previousPeriod } from './digest-period';
import { type DigestSection, renderAssignment, renderDigest } from './digest-render';
import { MAIL_MESSAGES } from './mail-messages';
import { UnsubscribeLinks } from './unsubscribe-links';

const period = previousPeriod('HEBDOMADAIRE', new Date('2026-11-25T08:00:00Z'));
const links = {
  notifications: (type?: string) => `https://app.example/account/myNotifications${type ? `?type=${type}` : ''}`,
  unsubscribe: 'https://app.example/api/v2/mail/unsubscribe?user=u1&sig=abc',
};
const item = (n: number) => ({
  actor: `Reader ${n}`,
  speachTitle: 'Safety <first>',
  date: `2026-11-1${n % 10}T10:00:00.000Z`,
  excerpt: n === 1 ? 'Looks "great" & clear' : null,
});
const sections: DigestSection[] = [
  { type: 'NEW_COMMENT', total: 7, items: [1, 2, 3, 4, 5].map(item) },
  { type: 'NEW_LEARNER', total: 1, items: [item(6)] },
];

describe('digest rendering', () => {
  it('every notification type has a section title in every language, and no two languages share the English words', () => {
    for (const language of MAIL_LANGUAGES) {
      for (const type of NOTIFICATION_TYPE_NAMES) expect(MAIL_MESSAGES[language].sections[type]).toEqual(expect.any(String));
      if (language !== 'en') expect(MAIL_MESSAGES[language].sections.NEW_COMMENT).not.toBe(MAIL_MESSAGES.en.sections.NEW_COMMENT);
    }
  });

  it('renders one section per type with at most 5 items and "view more", in text and HTML alike', () => {
    const mail = renderDigest({ language: 'en', firstName: 'Ana', period, sections, links });
    expect(mail.subject).toBe('Your weekly summary: 8 new notifications');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('Here is what happened in the week of 16 November 2026.');
    expect(mail.text).toContain('New comments (7)');
    expect(mail.text.match(/^- Reader/gm)).toHaveLength(6);
    expect(mail.text).toContain('View 2 more: https://app.example/account/myNotifications?type=NEW_COMMENT');
    expect(mail.text).toContain('New learners (1)');
    expect(mail.text).not.toContain('View 0 more');
    expect(mail.text).toContain('Unsubscribe from these e-mails: https://app.example/api/v2/mail/unsubscribe?user=u1&sig=abc');
    expect(mail.html).toContain('<h2 style="font-size:16px">New comments (7)</h2>');
    expect(mail.html).toContain('&quot;Safety &lt;first&gt;&quot;');
    expect(mail.html).toContain('Looks &quot;great&quot; &amp; clear');
    expect(mail.html).not.toContain('<first>');
    expect(mail.html).toContain('<a href="https://app.example/api/v2/mail/unsubscribe?user=u1&amp;sig=abc">');
    expect(mail.html).toContain('<html lang="en">');
  });

  it.each([
    [
      'fr',
      'Votre résumé de la semaine\u00a0: 8 nouvelles notifications',
      'Nouveaux commentaires (7)',
      'Voir 2 de plus',
      'la semaine du 16 novembre 2026',
      'Se désabonner de ces e-mails',
    ],
    [
      'es',
      'Su resumen semanal: 8 notificaciones nuevas',
      'Nuevos comentarios (7)',
      'Ver 2 más',
      'la semana del 16 de noviembre de 2026',
      'Darse de baja de estos correos',
    ],
    [
      'de',
      'Ihre wöchentliche Zusammenfassung: 8 neue Benachrichtigungen',
      'Neue Kommentare (7)',
      '2 weitere anzeigen',
      'Woche vom 16. November 2026',
      'Diese E-Mails abbestellen',
    ],
  ] as const)('renders in %s', (language, subject, section, more, when, unsubscribe) => {
    const mail = renderDigest({ language, firstName: 'Ana', period, sections, links });
    expect(mail.subject).toBe(subject);
    for (const words of [section, more, when, unsubscribe]) {
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(words);
    }
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  it('writes a batched line once with its count, and counts it whole against "view more"', () => {
    const burst = { ...item(1), count: 4 };
    const mail = renderDigest({ language: 'en', firstName: 'Ana', period, sections: [{ type: 'PUBLISHED', total: 10, items: [burst, item(2)] }], links });
    expect(mail.text.match(/^- Reader/gm)).toHaveLength(2);
    expect(mail.text).toContain('— ×4 —');
    expect(mail.text).toContain('View 5 more: https://app.example/account/myNotifications?type=PUBLISHED');
    expect(mail.html).toContain('×4');
    expect(
      renderDigest({ language: 'de', firstName: 'Ana', period, sections: [{ type: 'PUBLISHED', total: 1200, items: [{ ...item(1), count: 1200 }] }], links })
        .text,
    ).toContain('×1.200');
  });

  it("counts with the language's plural rules", () => {
    const one = [{ type: 'NEW_USER', total: 1, items: [item(1)] }];
    expect(renderDigest({ language: 'en', firstName: 'A', period, sections: one, links }).subject).toBe('Your weekly summary: 1 new notification');
    expect(renderDigest({ language: 'fr', firstName: 'A', period, sections: one, links }).subject).toBe(
      'Votre résumé de la semaine\u00a0: 1 nouvelle notification',
    );
    expect(
      renderDigest({ language: 'de', firstName: 'A', period: previousPeriod('MENSUEL', new Date('2026-11-25T08:00:00Z')), sections: one, links }).text,
    ).toContain('im Oktober 2026');
  });

  it('renders the assignment mail with its due date in the language', () => {
    const input = {
      firstName: 'Ana',
      speachTitle: 'Fire drill',
      dueDate: '2026-12-05',
      link: 'https://app.example/s/s1/fire-drill',
      unsubscribe: links.unsubscribe,
    };
    expect(renderAssignment({ ...input, language: 'en' }).subject).toBe('New assignment: "Fire drill", due 5 December 2026');
    expect(renderAssignment({ ...input, language: 'fr' }).text).toContain('d’ici le 5 décembre 2026');
    expect(renderAssignment({ ...input, language: 'es' }).text).toContain('antes del 5 de diciembre de 2026');
    expect(renderAssignment({ ...input, language: 'de' }).text).toContain('bis zum 5. Dezember 2026');
    // A learning path's assignment names a path, in each language.
    expect(renderAssignment({ ...input, language: 'en', kind: 'path' }).text).toContain('You have been assigned the learning path "Fire drill".');
    expect(renderAssignment({ ...input, language: 'fr', kind: 'path' }).html).toContain('Le parcours «\u00a0Fire drill\u00a0» vous a été affecté.');
    expect(renderAssignment({ ...input, language: 'es', kind: 'path' }).text).toContain('el itinerario de aprendizaje «Fire drill»');
    expect(renderAssignment({ ...input, language: 'de', kind: 'path' }).text).toContain('der Lernpfad „Fire drill“');
  });
});

describe('unsubscribe links', () => {
  const links = new UnsubscribeLinks(Buffer.from('key'), 'https://app.example');
  it('verifies the link it made, and nothing else', () => {
    const url = new URL(links.url('u1'));
    expect(url.pathname).toBe('/api/v2/mail/unsubscribe');
    const sig = url.searchParams.get('sig')!;
    expect(links.verify('u1', sig)).toBe(true);
    expect(links.verify('u2', sig)).toBe(false);
    expect(links.verify('u1', sig.slice(0, -1))).toBe(false);
    expect(links.verify('u1', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(new UnsubscribeLinks(Buffer.from('other key'), 'https://app.example').verify('u1', sig)).toBe(false);
  });
  it('names the link and the one-click method in the headers (RFC 8058)', () => {
    expect(links.headers('u1')).toEqual({ 'List-Unsubscribe': `<${links.url('u1')}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});

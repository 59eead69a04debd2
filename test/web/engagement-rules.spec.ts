import { commentParts, formatAverage } from '../../web/learner/src/engagement/comment-text';
import { groupByCategory, settingsOpen, shouldAcknowledge, unreadBadge } from '../../web/learner/src/notifications/notification-rules';

describe('comment display (spec §5: only links and line breaks)', () => {
  it('keeps markup as text', () => {
    expect(commentParts('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    expect(commentParts('<a href="javascript:x">x</a>')).toEqual([{ type: 'text', text: '<a href="javascript:x">x</a>' }]);
  });
  it('turns line breaks into breaks', () => {
    expect(commentParts('a\nb\r\nc')).toEqual([
      { type: 'text', text: 'a' },
      { type: 'br' },
      { type: 'text', text: 'b' },
      { type: 'br' },
      { type: 'text', text: 'c' },
    ]);
  });
  it('turns http(s) and www. addresses into links, leaving sentence punctuation out', () => {
    expect(commentParts('See https://example.com/a?b=1. Or www.example.org!')).toEqual([
      { type: 'text', text: 'See ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: '. Or ' },
      { type: 'link', text: 'www.example.org', href: 'https://www.example.org' },
      { type: 'text', text: '!' },
    ]);
  });
  it('never links other schemes', () => {
    expect(commentParts('javascript:alert(1) data:text/html,x').every((p) => p.type === 'text')).toBe(true);
  });
  it('formats the average with one decimal in the locale, nothing when unrated', () => {
    expect(formatAverage(3.5, 'fr')).toBe('3,5');
    expect(formatAverage(4, 'en')).toBe('4');
    expect(formatAverage(null, 'en')).toBe('');
  });
});

describe('notification bell rules', () => {
  it('caps the unread badge at +99 (spec §5, §9)', () => {
    expect(unreadBadge(0)).toBe('');
    expect(unreadBadge(-1)).toBe('');
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('+99');
    expect(unreadBadge(12345)).toBe('+99');
  });
  it('acknowledges once per page view, only with something unread', () => {
    expect(shouldAcknowledge(false, 3)).toBe(true);
    expect(shouldAcknowledge(true, 3)).toBe(false);
    expect(shouldAcknowledge(false, 0)).toBe(false);
  });
  it('groups preferences by category, users first, and reads settings=open', () => {
    const groups = groupByCategory([
      { category: 'ADMIN', id: 'a' },
      { category: 'USER', id: 'u' },
      { category: 'TRAINER', id: 't' },
    ]);
    expect(groups.map((g) => g.category)).toEqual(['USER', 'TRAINER', 'ADMIN']);
    expect(settingsOpen(new URLSearchParams('settings=open'))).toBe(true);
    expect(settingsOpen(new URLSearchParams('settings=closed'))).toBe(false);
  });
});

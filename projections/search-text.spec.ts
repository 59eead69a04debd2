import { distinctTokens, searchTokens } from './search-text';

describe('search text of a document', () => {
  it('splits words on anything but letters and digits, folding case and accents', () => {
    expect(distinctTokens('École: la <b>sécurité</b>, d’abord! 3D-print', 'ÉCOLE')).toEqual(['ecole', 'la', 'b', 'securite', 'd', 'abord', '3d', 'print']);
  });

  it('keeps repeated words in a single text', () => {
    expect(searchTokens('Sécurité, securite; SÉCURITÉ')).toEqual(['securite', 'securite', 'securite']);
  });
});

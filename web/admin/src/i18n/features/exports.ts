/** Messages of the back office's exports screens, per language (deep-merged into the catalogues). */
export const exportsMessages = {
  en: { admin: {} },
  fr: { admin: {} },
  es: { admin: {} },
  de: { admin: {} },
};

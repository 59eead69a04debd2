/** Messages of the back office's settings screens, per language (deep-merged into the catalogues). */
export const settingsMessages = {
  en: { admin: {} },
  fr: { admin: {} },
  es: { admin: {} },
  de: { admin: {} },
};

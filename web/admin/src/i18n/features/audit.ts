/** Messages of the back office's audit screens, per language (deep-merged into the catalogues). */
export const auditMessages = {
  en: { admin: {} },
  fr: { admin: {} },
  es: { admin: {} },
  de: { admin: {} },
};

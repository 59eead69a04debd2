/** Messages of the back office's dashboard screens, per language (deep-merged into the catalogues). */
export const dashboardMessages = {
  en: { admin: {} },
  fr: { admin: {} },
  es: { admin: {} },
  de: { admin: {} },
};

/** Messages of the back office's workflow screens, per language (deep-merged into the catalogues). */
export const workflowMessages = {
  en: { admin: {} },
  fr: { admin: {} },
  es: { admin: {} },
  de: { admin: {} },
};

/** Messages of issue 17's back-office fixes, per language (deep-merged into the catalogues). */
export const experienceMessages = {
  en: { admin: { users: { created: 'User %{name} created' } } },
  fr: { admin: { users: { created: 'Utilisateur %{name} créé' } } },
  es: { admin: { users: { created: 'Usuario %{name} creado' } } },
  de: { admin: { users: { created: 'Benutzer %{name} angelegt' } } },
};

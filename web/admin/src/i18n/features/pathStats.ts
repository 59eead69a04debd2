/** Messages of the dashboard's learning path charts, per language (deep-merged into the catalogues). */
export const pathStatsMessages = {
  en: {
    admin: {
      dashboard: {
        charts: { pathsPublished: 'Learning paths published (cumulative)', pathCompletions: 'Learning path completions' },
        metrics: { PATH_PUBLICATION: 'Paths published', PATH_COMPLETION: 'Completions' },
      },
    },
  },
  fr: {
    admin: {
      dashboard: {
        charts: { pathsPublished: 'Parcours publiés (cumul)', pathCompletions: 'Parcours terminés' },
        metrics: { PATH_PUBLICATION: 'Parcours publiés', PATH_COMPLETION: 'Parcours terminés' },
      },
    },
  },
  es: {
    admin: {
      dashboard: {
        charts: { pathsPublished: 'Itinerarios publicados (acumulado)', pathCompletions: 'Itinerarios completados' },
        metrics: { PATH_PUBLICATION: 'Itinerarios publicados', PATH_COMPLETION: 'Finalizaciones' },
      },
    },
  },
  de: {
    admin: {
      dashboard: {
        charts: { pathsPublished: 'Veröffentlichte Lernpfade (kumuliert)', pathCompletions: 'Abgeschlossene Lernpfade' },
        metrics: { PATH_PUBLICATION: 'Veröffentlichte Lernpfade', PATH_COMPLETION: 'Abschlüsse' },
      },
    },
  },
};

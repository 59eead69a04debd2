/** Messages of regulated training in the back office (issue 23): the audit trail on paper. */
export const gxpMessages = {
  en: { admin: { audit: { exportPdf: 'Export PDF' } } },
  fr: { admin: { audit: { exportPdf: 'Exporter en PDF' } } },
  es: { admin: { audit: { exportPdf: 'Exportar PDF' } } },
  de: { admin: { audit: { exportPdf: 'PDF exportieren' } } },
};

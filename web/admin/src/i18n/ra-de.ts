/** react-admin's own strings in German (the ones the screens show); missing keys fall back to English. */
export const raDe = {
  ra: {
    action: {
      add_filter: 'Filter hinzufügen', add: 'Hinzufügen', back: 'Zurück', bulk_actions: '1 Element ausgewählt |||| %{smart_count} Elemente ausgewählt',
      cancel: 'Abbrechen', clear_array_input: 'Liste leeren', clear_input_value: 'Wert löschen', clone: 'Duplizieren', confirm: 'Bestätigen', create: 'Erstellen',
      create_item: '%{item} erstellen', delete: 'Löschen', delete_item: '%{name} löschen', edit: 'Bearbeiten', export: 'Exportieren', list: 'Liste', refresh: 'Aktualisieren',
      remove_filter: 'Filter entfernen', remove_all_filters: 'Alle Filter entfernen', remove: 'Entfernen', reset: 'Zurücksetzen', save: 'Speichern', search: 'Suchen',
      search_columns: 'Spalten suchen', select_all: 'Alle auswählen', select_all_button: 'Alle auswählen', select_row: 'Diese Zeile auswählen', show: 'Anzeigen',
      sort: 'Sortieren', undo: 'Rückgängig', unselect: 'Auswahl aufheben', expand: 'Aufklappen', close: 'Schließen', open_menu: 'Menü öffnen', close_menu: 'Menü schließen',
      update: 'Aktualisieren', move_up: 'Nach oben', move_down: 'Nach unten', open: 'Öffnen', toggle_theme: 'Hell/Dunkel umschalten', select_columns: 'Spalten', update_application: 'Anwendung neu laden',
    },
    boolean: { true: 'Ja', false: 'Nein', null: ' ' },
    page: {
      create: '%{name} erstellen', dashboard: 'Übersicht', edit: '%{name} %{recordRepresentation}', error: 'Etwas ist schiefgelaufen', list: '%{name}', loading: 'Wird geladen',
      not_found: 'Nicht gefunden', show: '%{name} %{recordRepresentation}', empty: 'Noch keine %{name}.', invite: 'Möchten Sie eines hinzufügen?', access_denied: 'Zugriff verweigert', authentication_error: 'Authentifizierungsfehler',
    },
    input: {
      file: { upload_several: 'Dateien hier ablegen oder zum Auswählen klicken.', upload_single: 'Datei hier ablegen oder zum Auswählen klicken.' },
      image: { upload_several: 'Bilder hier ablegen oder zum Auswählen klicken.', upload_single: 'Bild hier ablegen oder zum Auswählen klicken.' },
      references: { all_missing: 'Die Referenzdaten wurden nicht gefunden.', many_missing: 'Mindestens eine Referenz ist nicht mehr verfügbar.', single_missing: 'Die Referenz ist nicht mehr verfügbar.' },
      password: { toggle_visible: 'Passwort verbergen', toggle_hidden: 'Passwort anzeigen' },
    },
    message: {
      about: 'Über', access_denied: 'Sie haben keine Berechtigung für diese Seite', are_you_sure: 'Sind Sie sicher?', authentication_error: 'Der Authentifizierungsserver hat einen Fehler gemeldet.',
      auth_error: 'Fehler bei der Prüfung des Anmeldetokens.', bulk_delete_content: 'Möchten Sie dieses Element wirklich löschen? |||| Möchten Sie diese %{smart_count} Elemente wirklich löschen?',
      bulk_delete_title: '%{name} löschen |||| %{smart_count} %{name} löschen', clear_array_input: 'Möchten Sie die Liste wirklich leeren?', delete_content: 'Möchten Sie dieses Element wirklich löschen?',
      delete_title: '%{name} #%{id} löschen', details: 'Details', error: 'Ein Client-Fehler ist aufgetreten, Ihre Anfrage konnte nicht abgeschlossen werden.', invalid_form: 'Das Formular ist ungültig. Bitte prüfen Sie die Fehler.',
      loading: 'Bitte warten', no: 'Nein', not_found: 'Die Adresse ist falsch oder der Link ungültig.', select_all_limit_reached: 'Es gibt zu viele Elemente, um alle auszuwählen.', yes: 'Ja',
      unsaved_changes: 'Einige Änderungen wurden nicht gespeichert. Möchten Sie sie verwerfen?', placeholder_data_warning: 'Netzwerkproblem: Die Aktualisierung der Daten ist fehlgeschlagen.',
    },
    navigation: {
      clear_filters: 'Filter entfernen', no_filtered_results: 'Keine %{name} mit den aktuellen Filtern.', no_results: 'Keine Ergebnisse', no_more_results: 'Seite %{page} liegt außerhalb des Bereichs.',
      page_out_of_boundaries: 'Seite %{page} außerhalb des Bereichs', page_out_from_end: 'Nach der letzten Seite geht es nicht weiter', page_out_from_begin: 'Vor Seite 1 geht es nicht weiter',
      page_range_info: '%{offsetBegin}-%{offsetEnd} von %{total}', partial_page_range_info: '%{offsetBegin}-%{offsetEnd} von mehr als %{offsetEnd}', current_page: 'Seite %{page}', page: 'Gehe zu Seite %{page}',
      first: 'Erste Seite', last: 'Letzte Seite', next: 'Nächste Seite', previous: 'Vorherige Seite', page_rows_per_page: 'Zeilen pro Seite:', skip_nav: 'Zum Inhalt springen',
    },
    sort: { sort_by: 'Sortieren nach %{field_lower_first} %{order}', ASC: 'aufsteigend', DESC: 'absteigend' },
    auth: {
      auth_check_error: 'Bitte melden Sie sich an', user_menu: 'Profil', username: 'E-Mail', password: 'Passwort', email: 'E-Mail',
      sign_in: 'Anmelden', sign_in_error: 'Anmeldung fehlgeschlagen, bitte erneut versuchen', logout: 'Abmelden',
    },
    notification: {
      updated: 'Element aktualisiert |||| %{smart_count} Elemente aktualisiert', created: 'Element erstellt', deleted: 'Element gelöscht |||| %{smart_count} Elemente gelöscht',
      bad_item: 'Fehlerhaftes Element', item_doesnt_exist: 'Das Element existiert nicht', http_error: 'Fehler bei der Kommunikation mit dem Server', data_provider_error: 'Fehler des Datenanbieters.',
      i18n_error: 'Die Übersetzungen der gewählten Sprache können nicht geladen werden', canceled: 'Aktion abgebrochen', logged_out: 'Ihre Sitzung ist beendet, bitte melden Sie sich erneut an.', not_authorized: 'Sie haben keine Berechtigung für diese Ressource.',
      application_update_available: 'Eine neue Version ist verfügbar.',
    },
    validation: {
      required: 'Pflichtfeld', minLength: 'Mindestens %{min} Zeichen', maxLength: 'Höchstens %{max} Zeichen', minValue: 'Mindestens %{min}',
      maxValue: 'Höchstens %{max}', number: 'Muss eine Zahl sein', email: 'Muss eine gültige E-Mail-Adresse sein', oneOf: 'Muss eines der folgenden sein: %{options}', regex: 'Muss dem Format entsprechen: %{pattern}', unique: 'Muss eindeutig sein',
    },
    saved_queries: { label: 'Gespeicherte Abfragen', query_name: 'Name der Abfrage', new_label: 'Aktuelle Abfrage speichern...', new_dialog_title: 'Aktuelle Abfrage speichern als', remove_label: 'Gespeicherte Abfrage entfernen', remove_label_with_name: 'Abfrage "%{name}" entfernen', remove_dialog_title: 'Gespeicherte Abfrage entfernen?', remove_message: 'Möchten Sie dieses Element wirklich aus Ihren gespeicherten Abfragen entfernen?', help: 'Filtern Sie die Liste und speichern Sie die Abfrage für später' },
    configurable: { customize: 'Anpassen' },
  },
};

/** react-admin's own strings in Spanish (the ones the screens show); missing keys fall back to English. */
export const raEs = {
  ra: {
    action: {
      add_filter: 'Añadir filtro', add: 'Añadir', back: 'Volver', bulk_actions: '1 elemento seleccionado |||| %{smart_count} elementos seleccionados',
      cancel: 'Cancelar', clear_array_input: 'Vaciar la lista', clear_input_value: 'Borrar valor', clone: 'Duplicar', confirm: 'Confirmar', create: 'Crear',
      create_item: 'Crear %{item}', delete: 'Eliminar', delete_item: 'Eliminar %{name}', edit: 'Editar', export: 'Exportar', list: 'Lista', refresh: 'Actualizar',
      remove_filter: 'Quitar este filtro', remove_all_filters: 'Quitar todos los filtros', remove: 'Quitar', reset: 'Restablecer', save: 'Guardar', search: 'Buscar',
      search_columns: 'Buscar columnas', select_all: 'Seleccionar todo', select_all_button: 'Seleccionar todo', select_row: 'Seleccionar esta fila', show: 'Ver',
      sort: 'Ordenar', undo: 'Deshacer', unselect: 'Deseleccionar', expand: 'Desplegar', close: 'Cerrar', open_menu: 'Abrir menú', close_menu: 'Cerrar menú',
      update: 'Actualizar', move_up: 'Subir', move_down: 'Bajar', open: 'Abrir', toggle_theme: 'Cambiar tema claro/oscuro', select_columns: 'Columnas', update_application: 'Recargar la aplicación',
    },
    boolean: { true: 'Sí', false: 'No', null: ' ' },
    page: {
      create: 'Crear %{name}', dashboard: 'Panel', edit: '%{name} %{recordRepresentation}', error: 'Algo ha fallado', list: '%{name}', loading: 'Cargando',
      not_found: 'No encontrado', show: '%{name} %{recordRepresentation}', empty: 'Todavía no hay %{name}.', invite: '¿Desea añadir uno?', access_denied: 'Acceso denegado', authentication_error: 'Error de autenticación',
    },
    input: {
      file: { upload_several: 'Suelte archivos aquí o haga clic para elegir.', upload_single: 'Suelte un archivo aquí o haga clic para elegirlo.' },
      image: { upload_several: 'Suelte imágenes aquí o haga clic para elegir.', upload_single: 'Suelte una imagen aquí o haga clic para elegirla.' },
      references: { all_missing: 'No se encuentran los datos de referencia.', many_missing: 'Al menos una referencia ya no está disponible.', single_missing: 'La referencia ya no está disponible.' },
      password: { toggle_visible: 'Ocultar contraseña', toggle_hidden: 'Mostrar contraseña' },
    },
    message: {
      about: 'Acerca de', access_denied: 'No tiene permiso para ver esta página', are_you_sure: '¿Está seguro?', authentication_error: 'El servidor de autenticación ha devuelto un error.',
      auth_error: 'Error al validar el token de autenticación.', bulk_delete_content: '¿Seguro que desea eliminar este elemento? |||| ¿Seguro que desea eliminar estos %{smart_count} elementos?',
      bulk_delete_title: 'Eliminar %{name} |||| Eliminar %{smart_count} %{name}', clear_array_input: '¿Seguro que desea vaciar la lista?', delete_content: '¿Seguro que desea eliminar este elemento?',
      delete_title: 'Eliminar %{name} #%{id}', details: 'Detalles', error: 'Se ha producido un error en el cliente y su petición no se ha podido completar.', invalid_form: 'El formulario no es válido. Revise los errores.',
      loading: 'Espere, por favor', no: 'No', not_found: 'La dirección es incorrecta o el enlace no es válido.', select_all_limit_reached: 'Hay demasiados elementos para seleccionarlos todos.', yes: 'Sí',
      unsaved_changes: 'Algunos cambios no se han guardado. ¿Desea ignorarlos?', placeholder_data_warning: 'Problema de red: la actualización de datos ha fallado.',
    },
    navigation: {
      clear_filters: 'Quitar filtros', no_filtered_results: 'No hay %{name} con los filtros actuales.', no_results: 'No hay resultados', no_more_results: 'La página %{page} está fuera de los límites.',
      page_out_of_boundaries: 'Página %{page} fuera de los límites', page_out_from_end: 'No se puede ir más allá de la última página', page_out_from_begin: 'No se puede ir antes de la página 1',
      page_range_info: '%{offsetBegin}-%{offsetEnd} de %{total}', partial_page_range_info: '%{offsetBegin}-%{offsetEnd} de más de %{offsetEnd}', current_page: 'Página %{page}', page: 'Ir a la página %{page}',
      first: 'Primera página', last: 'Última página', next: 'Página siguiente', previous: 'Página anterior', page_rows_per_page: 'Filas por página:', skip_nav: 'Saltar al contenido',
    },
    sort: { sort_by: 'Ordenar por %{field_lower_first} %{order}', ASC: 'ascendente', DESC: 'descendente' },
    auth: {
      auth_check_error: 'Inicie sesión para continuar', user_menu: 'Perfil', username: 'Correo electrónico', password: 'Contraseña', email: 'Correo electrónico',
      sign_in: 'Iniciar sesión', sign_in_error: 'Error de autenticación, inténtelo de nuevo', logout: 'Cerrar sesión',
    },
    notification: {
      updated: 'Elemento actualizado |||| %{smart_count} elementos actualizados', created: 'Elemento creado', deleted: 'Elemento eliminado |||| %{smart_count} elementos eliminados',
      bad_item: 'Elemento incorrecto', item_doesnt_exist: 'El elemento no existe', http_error: 'Error de comunicación con el servidor', data_provider_error: 'Error del proveedor de datos.',
      i18n_error: 'No se pueden cargar las traducciones del idioma elegido', canceled: 'Acción cancelada', logged_out: 'Su sesión ha terminado, vuelva a conectarse.', not_authorized: 'No tiene permiso para acceder a este recurso.',
      application_update_available: 'Hay una nueva versión disponible.',
    },
    validation: {
      required: 'Obligatorio', minLength: 'Debe tener al menos %{min} caracteres', maxLength: 'Debe tener como máximo %{max} caracteres', minValue: 'Debe ser al menos %{min}',
      maxValue: 'Debe ser como máximo %{max}', number: 'Debe ser un número', email: 'Debe ser un correo electrónico válido', oneOf: 'Debe ser uno de: %{options}', regex: 'Debe seguir el formato: %{pattern}', unique: 'Debe ser único',
    },
    saved_queries: { label: 'Consultas guardadas', query_name: 'Nombre de la consulta', new_label: 'Guardar la consulta actual...', new_dialog_title: 'Guardar la consulta actual como', remove_label: 'Quitar la consulta guardada', remove_label_with_name: 'Quitar la consulta "%{name}"', remove_dialog_title: '¿Quitar la consulta guardada?', remove_message: '¿Seguro que desea quitar este elemento de sus consultas guardadas?', help: 'Filtre la lista y guarde esta consulta para más tarde' },
    configurable: { customize: 'Personalizar' },
  },
};

import TuneIcon from '@mui/icons-material/Tune';
import { Create, Datagrid, DeleteWithConfirmButton, Edit, List, SearchInput, SimpleForm, TextField, TextInput, maxLength, required } from 'react-admin';

function CustomFieldForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={[required(), maxLength(100)]} />
      <TextInput source="labelEn" validate={maxLength(100)} />
      <TextInput source="labelFr" validate={maxLength(100)} />
      <TextInput source="labelEs" validate={maxLength(100)} />
      <TextInput source="labelDe" validate={maxLength(100)} />
    </SimpleForm>
  );
}

export default {
  list: () => (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="labelEn" />
        <TextField source="labelFr" />
        <TextField source="labelEs" />
        <TextField source="labelDe" />
        <DeleteWithConfirmButton />
      </Datagrid>
    </List>
  ),
  edit: () => (
    <Edit mutationMode="pessimistic">
      <CustomFieldForm />
    </Edit>
  ),
  create: () => (
    <Create redirect="list">
      <CustomFieldForm />
    </Create>
  ),
  icon: TuneIcon,
  recordRepresentation: 'name',
};

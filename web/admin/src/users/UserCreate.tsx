import { CheckboxGroupInput, Create, PasswordInput, SelectArrayInput, SimpleForm, TextInput, email, maxLength, required } from 'react-admin';
import { useGroupChoices, useRoleChoices } from './choices';

export function UserCreate() {
  const roles = useRoleChoices(false);
  const groups = useGroupChoices(false);
  return (
    <Create redirect="list">
      <SimpleForm>
        <TextInput source="firstName" validate={[required(), maxLength(30)]} />
        <TextInput source="lastName" validate={[required(), maxLength(30)]} />
        <TextInput source="email" validate={[required(), email(), maxLength(230)]} />
        <PasswordInput source="password" />
        <CheckboxGroupInput source="roles" choices={roles} />
        <SelectArrayInput source="groupIds" choices={groups} />
      </SimpleForm>
    </Create>
  );
}

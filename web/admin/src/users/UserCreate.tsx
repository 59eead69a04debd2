import {
  CheckboxGroupInput,
  Create,
  type RaRecord,
  PasswordInput,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  email,
  maxLength,
  required,
  useNotify,
  useRedirect,
} from 'react-admin';
import { useGroupChoices, useRoleChoices } from './choices';

export function UserCreate() {
  const roles = useRoleChoices(false);
  const groups = useGroupChoices(false);
  const notify = useNotify();
  const redirect = useRedirect();
  // Says who was created, not react-admin's generic "Element created".
  const onSuccess = (data: RaRecord) => {
    const user = data as RaRecord & { firstName: string; lastName: string; email: string };
    notify('admin.users.created', { type: 'success', messageArgs: { name: `${user.firstName} ${user.lastName} (${user.email})` } });
    redirect('list', 'users');
  };
  return (
    <Create mutationOptions={{ onSuccess }}>
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

/**
 * The Users section (its own lazy chunk, with the institute form and the geo data): the users and the user
 * roles (./users.tsx). Admin only: the section guard sends anybody else to the Dashboard.
 */
import { member, ResourceModule } from '../../resources/ResourceModule';
import { userRoles, users } from './users';

export default function UsersModule() {
  return <ResourceModule section="users" members={[member(users), member(userRoles)]} />;
}

/** The Users section (its own lazy chunk, with the institute form and the geo data). */
import { userRoles, users } from '../definitions/users';
import { member, ResourceModule } from '../ResourceModule';

export default function UsersModule() {
  return <ResourceModule section="users" members={[member(users), member(userRoles)]} />;
}

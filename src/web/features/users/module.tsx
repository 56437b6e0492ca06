/** The Users section (its own lazy chunk, with the institute form and the geo data). */
import { userRoles, users } from './definition';
import { member, ResourceModule } from '../../resources/ResourceModule';

export default function UsersModule() {
  return <ResourceModule section="users" members={[member(users), member(userRoles)]} />;
}

/** Results day's part of the dashboard (docs/integrators/results.md): the admin's analytics block or the institute's results panel. */
import { useCurrentUser } from '../../auth/session';
import { AdminResults } from './AdminResults';
import { InstituteResults } from './InstituteResults';

export default function DashboardResults() {
  const user = useCurrentUser();
  if (user.role === 'admin') return <AdminResults />;
  if (user.role === 'institute') return <InstituteResults />;
  return null;
}

/** Scholarships paid at /payouts (docs/integrators/payouts.md): an admin's batches, or an institute's winners. */
import { useCurrentUser } from '../../auth/session';
import { AdminPayouts } from './AdminPayouts';
import { InstitutePayouts } from './InstitutePayouts';

export default function PayoutsModule() {
  return useCurrentUser().role === 'admin' ? <AdminPayouts /> : <InstitutePayouts />;
}

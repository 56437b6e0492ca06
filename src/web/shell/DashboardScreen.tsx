/**
 * The dashboard section: the dashboard feature's page with, for an institute, the registrations
 * feature's list of its students, and results day's panel (an admin's analytics, an institute's
 * results). Composed here because features never import each other.
 */
import { lazy } from 'react';
import DashboardPage from '../features/dashboard/DashboardPage';

// Its own chunk: an admin's dashboard never loads it.
const InstituteRegistrations = lazy(() => import('../features/registrations/InstituteRegistrations'));
const DashboardResults = lazy(() => import('../features/results/DashboardResults'));

export default function DashboardScreen() {
  return <DashboardPage students={<InstituteRegistrations />} results={<DashboardResults />} />;
}

/** The audit log section (admins; its own lazy chunk): the log's list and details (./auditLogs.tsx). */
import { member, ResourceModule } from '../../resources/ResourceModule';
import { auditLogs } from './auditLogs';

export default function AuditModule() {
  return <ResourceModule section="auditLogs" members={[member(auditLogs)]} />;
}

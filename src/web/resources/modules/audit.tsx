/** The audit log section (its own lazy chunk): a list with search and export, and each entry's details. */
import { auditLogs } from '../definitions/audit';
import { member, ResourceModule } from '../ResourceModule';

export default function AuditModule() {
  return <ResourceModule section="auditLogs" members={[member(auditLogs)]} />;
}

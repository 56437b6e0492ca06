/** The audit log section (its own lazy chunk): a list with search and export, and each entry's details. */
import { auditLogs } from './definition';
import { member, ResourceModule } from '../../resources/ResourceModule';

export default function AuditModule() {
  return <ResourceModule section="auditLogs" members={[member(auditLogs)]} />;
}

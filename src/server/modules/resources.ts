/** Every resource of /api/v1: the routes, the export allow-list and the authorization tests walk this list. */
import type { ResourceDefinition } from '../lib/resource/definition.js';
import { auditResource } from './audit/audit.resource.js';
import { categoryResources, menuResource, subMenuResource } from './content/content.resources.js';
import { pageResource } from './content/pages.resource.js';
import { centreResource } from './exam/centres.resource.js';
import { outboxResource } from './notices/outbox.resource.js';
import { paymentResource } from './payments/payments.resource.js';
import { registrationResource } from './registrations/registrations.resource.js';
import { roleResource } from './roles/roles.resource.js';
import { userResource } from './users/users.resource.js';

export const resources: readonly ResourceDefinition[] = [
  userResource,
  roleResource,
  registrationResource,
  paymentResource,
  menuResource,
  subMenuResource,
  ...categoryResources,
  auditResource,
  pageResource,
  outboxResource,
  centreResource,
];

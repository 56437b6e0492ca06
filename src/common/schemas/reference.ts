/** The public reference answers every screen reads before or without a session: the site's identity and the places. */
import { z } from 'zod';

/** GET /api/site-identity: the name and logo the admin set in the settings. */
export const SiteIdentityEnvelope = z.object({
  message: z.string(),
  data: z.object({ site_name: z.string().nullable(), site_logo: z.string().nullable() }),
});
export type SiteIdentity = z.infer<typeof SiteIdentityEnvelope>['data'];

const named = { id: z.number(), name_en: z.string(), name_bn: z.string() };

/** GET /api/geo: the division → district → upazila tree (common/geo). */
export const GeoTreeEnvelope = z.object({
  message: z.string(),
  data: z.array(z.object({ ...named, districts: z.array(z.object({ ...named, upazilas: z.array(z.object(named)) })) })),
});

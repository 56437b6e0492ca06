/**
 * The institute a registration or payment is for (spec §5, §6): an admin chooses it by name from
 * GET /api/v1/users (institutes only, 10 at a time); an institute sees its own name, not a choice.
 */
import { Text } from '@mantine/core';
import type { PublicUser } from '../../common/schemas/user';
import { RemoteSelectField } from '../components/RemoteSelect';
import { displayName } from './instituteNames';
import { useLanguage } from '../i18n';

export function InstituteOfForm({ user, label, valueLabel }: { user: PublicUser; label: string; valueLabel?: string }) {
  const lang = useLanguage();
  if (user.role === 'admin') {
    return (
      <RemoteSelectField
        name="institute_id"
        label={label}
        url="/v1/users"
        fields={['id', 'name', 'role']}
        params={{ role: 'institute' }}
        valueLabel={valueLabel}
      />
    );
  }
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }} data-testid="own-institute">
        {displayName(user, lang)}
      </Text>
    </div>
  );
}

/**
 * An admin's choice of one institute to narrow a list to (the registrations list): searched by name
 * from GET /api/v1/users (institutes only, 10 at a time), cleared to show every institute again. A
 * choice the address brings (a reload, a link) is named by fetching that institute.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../api/client';
import { RemoteSelect } from '../components/RemoteSelect';

export function InstituteFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const named = useQuery({
    queryKey: ['institute-name', value],
    queryFn: async ({ signal }) => (await apiRequest<{ name: string }>(`/v1/users/${value}`, { method: 'GET', signal })).data.name,
    enabled: /^\d+$/.test(value),
    staleTime: Infinity,
  });
  return (
    <div style={{ flex: '1 1 240px', maxWidth: 360 }} data-testid="institute-filter">
      <RemoteSelect
        url="/v1/users"
        fields={['id', 'name', 'role']}
        params={{ role: 'institute' }}
        value={value}
        onChange={(chosen) => onChange(chosen)}
        valueLabel={named.data}
        label={t('list.instituteFilter')}
        placeholder={t('list.allInstitutes')}
        clearable
      />
    </div>
  );
}

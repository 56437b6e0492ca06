/**
 * A registration's details as one printable sheet (spec §2 'details {id} (with Print)'): the
 * registration and roll numbers up top beside the photo (or a box for one), the student, parents and
 * address, and on paper the signature lines and the date it was printed.
 */
import { Box, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { districtById, divisionById, upazilaById } from '../../../common/geo';
import { useCurrentUser } from '../../auth/session';
import { DetailsTable, type DetailsEntry } from '../../components/details/DetailsTable';
import { useLanguage } from '../../i18n';
import { formatDate, localizeDigits } from '../../i18n/format';
import { StatusBadge } from '../../resources/ResourceList';
import { FeeBadge } from './FeeBadge';
import type { ListRowOf } from '../../../common/resources';
import { classLabel, departmentLabel, genderLabel } from '../../i18n/reference';
import type { RegistrationFieldKey } from './RegistrationFormBody';
import { useSiteName } from '../../app/siteName';

type RegistrationRow = ListRowOf<'registrations'>;

const PHOTO = { width: 120, height: 150 };

function Photo({ path }: { path: string | null | undefined }) {
  const { t } = useTranslation();
  const frame = { width: PHOTO.width, height: PHOTO.height, flexShrink: 0, border: '1px solid var(--mantine-color-gray-5)' } as const;
  if (path) return <Image src={`/${path.replace(/^\/+/, '')}`} alt={t('registrations.sheet.photo')} style={{ ...frame, objectFit: 'cover' }} />;
  return (
    <Stack
      align="center"
      justify="center"
      gap={4}
      style={{ ...frame, borderStyle: 'dashed' }}
      data-testid="photo-placeholder"
      aria-label={t('registrations.sheet.photo')}
      role="img"
    >
      <IconUser size={40} stroke={1.2} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text size="xs" c="dimmed">
        {t('registrations.sheet.noPhoto')}
      </Text>
    </Stack>
  );
}

function Section({ title, entries }: { title: string; entries: readonly DetailsEntry[] }) {
  return (
    <Stack gap={6} className="sheet-section">
      <Title order={3} size="h5">
        {title}
      </Title>
      <DetailsTable entries={entries} />
    </Stack>
  );
}

function Signature({ label }: { label: string }) {
  return (
    <Stack gap={4} align="center" pt={48} className="sheet-signature">
      <Box w="80%" style={{ borderTop: '1px solid var(--mantine-color-dark-3)' }} />
      <Text size="sm">{label}</Text>
    </Stack>
  );
}

export function RegistrationSheet({ row }: { row: RegistrationRow }) {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const lang = useLanguage();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const label = (name: RegistrationFieldKey) => t(`registrations.fields.${name}`);
  const digits = (value: string | null | undefined) => (value ? localizeDigits(value, lang) : null);
  const place = <T extends { name_en: string; name_bn: string }>(
    byId: ReadonlyMap<number, T>,
    id: number | null | undefined,
    stored: string | null | undefined,
  ) => {
    const known = id ? byId.get(id) : undefined;
    return known ? (lang === 'en' ? known.name_en : known.name_bn) : (stored ?? null);
  };
  const instituteName = (lang === 'en' && (row.institute?.institute_name_english ?? row.institute_name_english)) || row.institute?.name || row.institute_name;

  // Village, holding, ward, sector and thana are the admin's (spec §5), as in the form.
  const address = [
    ...(isAdmin ? [row.holding_no, row.village, row.ward, row.sector, row.thana] : []),
    row.post_office && t('profileCard.postOffice', { name: row.post_office }),
    place(upazilaById, row.upozilla_id, row.upozilla),
    place(districtById, row.zilla_id, row.zilla),
    place(divisionById, row.division_id, row.division),
  ]
    .filter(Boolean)
    .join(', ');

  const entry = (name: RegistrationFieldKey, value: ReactNode): DetailsEntry => ({ label: label(name), value });
  const student = [
    entry('name_bangla', row.name_bangla),
    entry('name_english', <span lang="en">{row.name_english ?? row.full_name}</span>),
    entry('class', classLabel(t, row.class)),
    entry('class_roll', digits(row.class_roll)),
    entry('gender', genderLabel(t, row.gender)),
    entry('department', departmentLabel(t, row.department)),
    ...(isAdmin ? [entry('birth_certificate_no', digits(row.birth_certificate_no))] : []),
  ];
  const parents = [
    ...(isAdmin ? [entry('father_name_bangla', row.father_name_bangla)] : []),
    entry('father_name_english', <span lang="en">{row.father_name_english}</span>),
    ...(isAdmin ? [entry('mother_name', row.mother_name)] : []),
    entry('mother_name_english', <span lang="en">{row.mother_name_english}</span>),
  ];
  const contact = [
    entry('address', address || null),
    entry('contact_number', digits(row.contact_number)),
    entry('email', row.email ? <span lang="en">{row.email}</span> : null),
    { label: t('fields.fee_status'), value: <FeeBadge status={row.fee_status} context={{ t, lang }} /> },
    { label: t('fields.status'), value: <StatusBadge status={row.status} /> },
    { label: t('fields.created_at'), value: formatDate(row.created_at, lang) },
  ];

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} className="print-plain registration-sheet" data-testid="registration-sheet">
      <Stack gap="lg">
        <Stack gap={2} align="center" ta="center">
          <Text size="sm" c="dimmed">
            {siteName}
          </Text>
          <Title order={2} size="h3">
            {t('registrations.sheet.title')}
          </Title>
          {instituteName && (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="sheet-institute">
              {instituteName}
            </Text>
          )}
        </Stack>

        <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
          <Stack gap="xs" style={{ minWidth: 0 }}>
            <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid="sheet-name">
              {row.name_bangla || row.full_name}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing={4}>
              <div>
                <Text size="sm" c="dimmed">
                  {label('reg_no')}
                </Text>
                <Text fw={700} size="lg" data-testid="sheet-reg-no">
                  {localizeDigits(row.reg_no, lang)}
                </Text>
              </div>
              <div>
                <Text size="sm" c="dimmed">
                  {label('roll_no')}
                </Text>
                <Text fw={700} size="lg" data-testid="sheet-roll-no">
                  {localizeDigits(row.roll_no, lang)}
                </Text>
              </div>
            </SimpleGrid>
          </Stack>
          <Photo path={row.photo} />
        </Group>

        <Section title={t('registrations.sheet.student')} entries={student} />
        <Section title={t('registrations.sheet.parents')} entries={parents} />
        <Section title={t('registrations.sheet.address')} entries={contact} />

        <Box className="print-only">
          <SimpleGrid cols={2} spacing="xl">
            <Signature label={t('registrations.sheet.guardianSignature')} />
            <Signature label={t('registrations.sheet.headSignature')} />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="lg">
            {t('registrations.sheet.printed', { date: formatDate(new Date().toISOString(), lang) })}
          </Text>
        </Box>
      </Stack>
    </Paper>
  );
}

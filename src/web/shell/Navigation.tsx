/** The left navigation, derived from the section table and filtered by the user's role (spec §6). */
import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import { IconExternalLink, IconLogout, IconWorldWww } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Role } from '../../common/constants';
import { paths } from '../app/paths';
import { sectionParts } from './sectionParts';
import { isSectionActive, sections, type Section } from './sections';

function SectionLink({ section, onNavigate }: { section: Section; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = sectionParts(section.key).icon;
  return (
    <NavLink
      component={Link}
      to={section.path}
      label={t(`nav.${section.key}`)}
      leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
      active={isSectionActive(section, pathname)}
      onClick={onNavigate}
    />
  );
}

export function Navigation({ role, onNavigate, onLogout }: { role: Role; onNavigate: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = sections.filter((section) => section.roles.includes(role));
  const placed = (place: Section['place']) => visible.filter((section) => section.place === place);
  const website = placed('website');

  return (
    <>
      <AppShell.Section grow component={ScrollArea}>
        {placed('main').map((section) => (
          <SectionLink key={section.key} section={section} onNavigate={onNavigate} />
        ))}
        {website.length > 0 && (
          <NavLink
            label={t('nav.website')}
            leftSection={<IconWorldWww size={20} stroke={1.6} aria-hidden />}
            defaultOpened={website.some((section) => isSectionActive(section, pathname))}
            childrenOffset="md"
          >
            {website.map((section) => (
              <SectionLink key={section.key} section={section} onNavigate={onNavigate} />
            ))}
          </NavLink>
        )}
      </AppShell.Section>
      <AppShell.Section pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <NavLink
          component="a"
          href={paths.site}
          target="_blank"
          rel="noopener noreferrer"
          label={t('nav.visitWebsite')}
          leftSection={<IconExternalLink size={20} stroke={1.6} aria-hidden />}
        />
        {placed('bottom').map((section) => (
          <SectionLink key={section.key} section={section} onNavigate={onNavigate} />
        ))}
        <NavLink component="button" label={t('nav.logout')} leftSection={<IconLogout size={20} stroke={1.6} aria-hidden />} onClick={onLogout} c="red.8" />
      </AppShell.Section>
    </>
  );
}

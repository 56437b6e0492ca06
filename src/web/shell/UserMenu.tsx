/** The header's account menu: avatar and name, with profile and logout. */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicUser } from '../../common/schemas/user';
import { avatarOf } from '../components/UserIdentity';
import { sectionPath } from './sections';

export function UserMenu({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')} data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar src={avatarOf(user)} alt="" radius="xl" size={36} data-testid="header-avatar" />
            <Text size="sm" fw={600} maw={180} truncate visibleFrom="sm">
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {user.name}
          </Text>
          {t(`role.${user.role}`)}
        </Menu.Label>
        <Menu.Item component={Link} to={sectionPath('profile')} leftSection={<IconUserCircle size={18} aria-hidden />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={18} aria-hidden />} onClick={onLogout}>
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

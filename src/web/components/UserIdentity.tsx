/** Who an account is at a glance: the avatar, the display name and the role, as the profile card and page show it. */
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../common/schemas/user';
import { paths } from '../app/paths';
import { displayName } from '../institute/instituteNames';
import { useLanguage } from '../i18n';

export function UserIdentity({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Group wrap="nowrap">
      <Avatar src={paths.defaultAvatar} alt="" size={64} radius="xl" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {displayName(user, lang)}
        </Text>
        <Badge variant="light" mt={4}>
          {t(`role.${user.role}`)}
        </Badge>
      </div>
    </Group>
  );
}

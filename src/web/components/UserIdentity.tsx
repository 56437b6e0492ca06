/** Who an account is at a glance: the avatar, the display name and the role, as the profile card and page show it. */
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../common/schemas/user';
import { paths } from '../app/paths';
import { fileUrl } from './upload/uploadValue';
import { displayName } from '../institute/instituteNames';
import { useLanguage } from '../i18n';

/** An account's picture: the head's photo, else the institute's logo, else the default avatar (spec §2). */
export function avatarOf(user: Pick<PublicUser, 'photo' | 'file'>): string {
  const stored = user.photo || user.file;
  return stored ? fileUrl(stored) : paths.defaultAvatar;
}

export function UserIdentity({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Group wrap="nowrap">
      <Avatar src={avatarOf(user)} alt="" size={64} radius="xl" data-testid="identity-avatar" />
      <div style={{ minWidth: 0 }}>
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {displayName(user, lang)}
        </Text>
        {/* Filled: the light teal badge reads below 4.5:1. */}
        <Badge variant="filled" mt={4}>
          {t(`role.${user.role}`)}
        </Badge>
      </div>
    </Group>
  );
}

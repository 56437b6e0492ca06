/** The gear menu of a list row (spec §2): each action an icon and a label, and a route or a handler. */
import { ActionIcon, Menu } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';

export type RowAction = {
  label: string;
  icon: Icon;
  color?: string;
} & ({ to: string; onClick?: never } | { onClick: () => void; to?: never });

export function RowActions({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  return (
    <Menu position="bottom-end" withArrow shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid="row-actions">
          <IconSettings size={18} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => {
          const icon = <action.icon size={16} stroke={1.6} aria-hidden />;
          return action.to !== undefined ? (
            <Menu.Item key={action.label} component={Link} to={action.to} leftSection={icon} color={action.color}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={action.label} onClick={action.onClick} leftSection={icon} color={action.color}>
              {action.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

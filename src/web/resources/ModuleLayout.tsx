/**
 * A module's page: its title, its own menu (spec §2: 'Left menu: All User, Create User' …) and the
 * screen. The menu stands at the left on wide screens and as a row of links above on phones.
 */
import { Box, Button, Group, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { Fragment, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { MenuEntry } from './types';

/** The entry whose path is the longest prefix of the current path: /user/5 → All User. */
function activeEntry(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  return entries.filter((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`)).sort((a, b) => b.to.length - a.to.length)[0];
}

export function ModuleLayout({ title, menu, children }: { title: string; menu: readonly MenuEntry[]; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeEntry(menu, pathname);
  const menuLabel = t('screen.moduleMenu', { module: title });
  // On a phone the row of links scrolls sideways: the current one is brought into view.
  const activeButton = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const button = activeButton.current;
    if (button?.offsetParent) button.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active?.to]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3" className="print-hide">
        {title}
      </Title>
      <ScrollArea hiddenFrom="md" type="never" className="print-hide">
        <Group component="nav" aria-label={menuLabel} gap="xs" wrap="nowrap" data-testid="module-menu-compact">
          {menu.map((entry) => (
            <Button
              key={entry.to}
              component={Link}
              to={entry.to}
              size="xs"
              ref={entry === active ? activeButton : undefined}
              variant={entry === active ? 'filled' : 'default'}
              leftSection={<entry.icon size={16} aria-hidden />}
              rightSection={entry.badge}
              aria-current={entry === active ? 'page' : undefined}
              // A long menu scrolls sideways rather than squeezing its labels away.
              style={{ flexShrink: 0 }}
            >
              {entry.label}
            </Button>
          ))}
        </Group>
      </ScrollArea>
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Paper
          withBorder
          p={6}
          w={220}
          visibleFrom="md"
          className="print-hide"
          // Stays in view beside a long form or list.
          style={{ flexShrink: 0, position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}
        >
          <nav aria-label={menuLabel} data-testid="module-menu">
            {menu.map((entry, index) => (
              <Fragment key={entry.to}>
                {entry.group && entry.group !== menu[index - 1]?.group && (
                  <Text size="xs" fw={600} c="dimmed" px="sm" pt="sm" pb={4} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} mt={4}>
                    {entry.group}
                  </Text>
                )}
                <NavLink
                  component={Link}
                  to={entry.to}
                  label={entry.label}
                  leftSection={<entry.icon size={18} stroke={1.6} aria-hidden />}
                  rightSection={entry.badge}
                  active={entry === active}
                  aria-current={entry === active ? 'page' : undefined}
                />
              </Fragment>
            ))}
          </nav>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </Stack>
  );
}

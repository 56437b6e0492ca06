/** The card a public screen sits in: title, optional lead text, the form, and links to the other screens. */
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type AuthLink = { to: string; label: string; lead?: string };

export function AuthCard(props: { title: string; lead?: string; width: number; links: AuthLink[]; children: ReactNode }) {
  return (
    <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} maw={props.width} mx="auto">
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {props.title}
          </Title>
          {props.lead && (
            <Text c="dimmed" size="sm" mt={4}>
              {props.lead}
            </Text>
          )}
        </div>
        {props.children}
        <Stack gap={6} component="nav">
          {props.links.map((link) => (
            <Group key={link.to} gap={6} justify="center">
              {link.lead && (
                <Text size="sm" c="dimmed">
                  {link.lead}
                </Text>
              )}
              <Anchor component={Link} to={link.to} size="sm" fw={600}>
                {link.label}
              </Anchor>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * A phone number a phone can dial: a `tel:` link, shown in the digits the dialler shows (Bengali digits
 * read well but cannot be tapped or copied into a call).
 */
import { Anchor } from '@mantine/core';

export function PhoneLink({ number, size = 'sm' }: { number: string; size?: 'xs' | 'sm' }) {
  return (
    <Anchor href={`tel:${number.replace(/[^\d+]/g, '')}`} size={size} lang="en" dir="ltr" data-testid="phone-link">
      {number}
    </Anchor>
  );
}

/** Unpaid, pending (in a payment awaiting approval) or paid: the same fact the dashboards count. */
import { Badge } from '@mantine/core';
import type { FeeStatus } from '../../../common/constants';
import type { ShowContext } from '../../resources/types';

const FEE_COLORS: Record<FeeStatus, string> = { unpaid: 'gray', pending: 'yellow', paid: 'teal' };

export function FeeBadge({ status, context }: { status: FeeStatus; context: ShowContext }) {
  return (
    <Badge color={FEE_COLORS[status]} variant="light" miw="max-content" data-testid="fee-status">
      {context.t(`payments.feeStatus.${status}`)}
    </Badge>
  );
}

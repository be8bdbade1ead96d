import { describeChain } from '../../../lib/wallet/chains';
import type { Activity } from '../../../lib/wallet/use-signed-request';

/** What the wallet is being asked right now, said before and while it opens. */
export function activityText(activity: Activity, chainId: number): string {
  switch (activity.step) {
    case 'switching-chain':
      return `Check your wallet: it asks to switch from ${describeChain(activity.from)} to ${describeChain(chainId)}, the network key signatures are bound to. Approve it to ${activity.purpose.doing}.`;
    case 'syncing-clock':
      return 'Checking the server’s clock…';
    case 'signing': {
      const ask = `Check your wallet: sign to ${activity.purpose.doing}. It is a signature, not a transaction: no gas, nothing leaves your wallet.`;
      if (activity.clockCorrectedBy === undefined) return ask;
      const seconds = Math.abs(activity.clockCorrectedBy);
      return `The server refused the first signature because this computer’s clock is about ${seconds} s off the server’s. The page has corrected for it. ${ask}`;
    }
    case 'sending':
      return 'Sending to the server…';
  }
}

export function ActivityStatus({ activity, chainId }: { activity: Activity | null; chainId: number }) {
  return (
    <p
      role="status"
      className="text-sm font-medium text-accent-700 dark:text-accent-300"
      data-testid="activity"
    >
      {activity ? activityText(activity, chainId) : ''}
    </p>
  );
}

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { XSS_TITLE } from '../../../test/render';
import { KeysList } from './keys-list';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('the keys list', () => {
  it('shows each key’s label as text and when a session key ends', () => {
    const ends = new Date(Date.now() + 3 * 3600_000 + 60_000).toISOString();
    render(
      <KeysList
        apiKeys={[A, B]}
        details={{
          [A]: { label: XSS_TITLE, expiresAt: null },
          [B]: { label: 'Dashboard session', expiresAt: ends },
        }}
        justCreated={null}
        busy={false}
        onRevoke={() => {}}
      />,
    );
    const [first, second] = within(screen.getByTestId('keys-list')).getAllByRole('listitem');
    expect(first).toHaveTextContent(XSS_TITLE);
    expect(first).not.toHaveTextContent(/Session key/);
    expect(document.querySelector('img')).toBeNull();
    expect(second).toHaveTextContent('Dashboard session');
    expect(within(second!).getByText('in 3h')).toHaveAttribute('datetime', ends);
    expect(second).toHaveTextContent(/Session key, ends in 3h/);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveButton } from './live-button';

// Disabled in the server's HTML: e2e/first-view.spec.ts, with JavaScript off.
describe('LiveButton', () => {
  it('is enabled in the browser unless disabled is asked for', () => {
    render(
      <>
        <LiveButton>Share</LiveButton>
        <LiveButton disabled>Trying…</LiveButton>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Trying…' })).toBeDisabled();
  });
});

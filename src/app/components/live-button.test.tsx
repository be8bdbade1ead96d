import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LiveButton } from './live-button';

describe('LiveButton', () => {
  it('is disabled in the server’s HTML, which cannot act on a click', () => {
    expect(renderToString(<LiveButton>Share</LiveButton>)).toMatch(/<button type="button" disabled="">/);
  });

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

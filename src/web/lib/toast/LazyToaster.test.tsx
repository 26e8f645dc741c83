// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyToaster } from './LazyToaster';
import { toast } from './toast';

afterEach(cleanup);

describe('toast with the lazily loaded toaster', () => {
  it('shows toasts asked for before sonner has loaded, in order, and later ones directly', async () => {
    // jsdom lacks matchMedia, which sonner reads for its theme.
    window.matchMedia ??= vi.fn().mockReturnValue({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() });
    render(<LazyToaster />);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();
    act(() => {
      toast.success('Saved!');
      toast.error('Could not save');
    });
    // sonner is fetched on the first toast: on a busy machine that import alone can pass findByText's default second.
    expect(await screen.findByText('Saved!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    const texts = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent);
    expect(texts.some((t) => t?.includes('Saved!'))).toBe(true);
    act(() => toast.info('Heads up'));
    expect(await screen.findByText('Heads up')).toBeInTheDocument();
  });
});

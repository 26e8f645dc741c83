// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPatch, type BrowseState, parseBrowse, toSearchParams } from '../browse-params';
import { FilterPanel } from './FilterPanel';

/** The panel driven the way the page drives it: every change becomes the next URL, which becomes the next state. */
function Harness({ initial, onUrl }: { initial: string; onUrl: (qs: string) => void }) {
  const [state, setState] = useState<BrowseState>(parseBrowse(new URLSearchParams(initial)));
  const update = (patch: Partial<BrowseState>) => {
    const qs = toSearchParams(applyPatch(state, patch)).toString();
    onUrl(qs);
    setState(parseBrowse(new URLSearchParams(qs)));
  };
  return (
    <FilterPanel
      state={state}
      update={update}
      categories={[
        { id: 3, name: 'Gaming', slug: 'gaming', dealsCount: 9 },
        { id: 4, name: 'Mobile Phones', slug: 'mobile-phones', dealsCount: 70435 },
      ]}
      stores={[{ id: 1, name: 'Argos', url: null, logoUrl: null, dealsCount: 4, confirmed: true, domain: null }]}
      categoriesError={false}
      storesError={false}
    />
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('category and store lists in the filter panel', () => {
  afterEach(cleanup);

  it('shows each count with thousands separators beside a name that may shorten', () => {
    render(<Harness initial="status=active&sort=newest" onUrl={vi.fn()} />);
    const phones = screen.getByRole('radio', { name: /Mobile Phones/ }).closest('label') as HTMLElement;
    expect(phones).toHaveTextContent('Mobile Phones70,435');
    expect(phones.querySelector('.truncate')).toHaveClass('min-w-0');
  });
});

describe('price range in the filter panel', () => {
  afterEach(cleanup);

  it('combines ticked buckets into one min/max range in the URL and ticks what the range covers', async () => {
    const onUrl = vi.fn();
    render(<Harness initial="status=active&sort=newest" onUrl={onUrl} />);
    await userEvent.click(box('Under £25'));
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest&maxPrice=25');
    await userEvent.click(box('£50 - £100'));
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest&maxPrice=100');
    expect(box('Under £25')).toBeChecked();
    expect(box('£25 - £50')).toBeChecked();
    expect(box('£50 - £100')).toBeChecked();
    expect(box('£100 - £200')).not.toBeChecked();

    await userEvent.click(box('Over £200'));
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest');
  });

  it('shrinks the range when an edge bucket is unticked and reads a range back from the URL', async () => {
    const onUrl = vi.fn();
    render(<Harness initial="status=active&sort=newest&minPrice=25&maxPrice=200&page=3" onUrl={onUrl} />);
    expect(box('Under £25')).not.toBeChecked();
    expect(box('£100 - £200')).toBeChecked();
    await userEvent.click(box('£25 - £50'));
    // The page goes back to 1 (omitted) on a filter change.
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest&minPrice=50&maxPrice=200');
    await userEvent.click(box('£100 - £200'));
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest&minPrice=50&maxPrice=100');
  });

  it('sets deal types as a comma list and a single category', async () => {
    const onUrl = vi.fn();
    render(<Harness initial="status=active&sort=newest" onUrl={onUrl} />);
    await userEvent.click(box('Hot'));
    await userEvent.click(box('Free'));
    expect(onUrl).toHaveBeenLastCalledWith('status=active&sort=newest&dealType=hot%2Cfree');
    await userEvent.click(screen.getByRole('radio', { name: /Gaming/ }));
    expect(onUrl).toHaveBeenLastCalledWith('category=3&status=active&sort=newest&dealType=hot%2Cfree');
    expect(screen.getByTestId('categories-list').className).toContain('max-h-[250px]');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Harness({ start = 2 }: { start?: number }) {
  const [selected, setSelected] = useState(start);
  return (
    <Tabs
      selected={selected}
      onChange={setSelected}
      tabClassName="tab"
      tabs={['Description', 'Details', 'Comments']}
      panels={[{ content: <p>the description</p> }, { content: <p>the details</p> }, { content: <textarea aria-label="Comment" />, keepMounted: true }]}
    />
  );
}

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('Tabs', () => {
  it('wires tabs to panels and shows only the selected panel', () => {
    render(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
    expect(tabs[2]).toHaveAttribute('data-selected', '');
    expect(tabs[0]).not.toHaveAttribute('data-selected');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[2].id);
    expect(tabs[2]).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('the description')).toBeNull();
  });

  it('selects on click; a keepMounted panel stays in the page, hidden, with what was typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'half a thought');
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    expect(selectedTab()).toBe('Details');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the details');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('half a thought');
  });

  it('moves focus and selection with the arrows (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness start={0} />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Description' }));
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toBe('Comments');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Comments' }));
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toBe('Description');
    await user.keyboard('{End}');
    expect(selectedTab()).toBe('Comments');
    await user.keyboard('{Home}');
    expect(selectedTab()).toBe('Description');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Details' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('the details');
  });
});

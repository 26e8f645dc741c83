// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu, MenuAction, MenuLink } from './DropdownMenu';

afterEach(cleanup);

function setup(onSignOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <button type="button">Before</button>
      <DropdownMenu label="alice">
        <MenuLink to="/user/profile">Your Profile</MenuLink>
        <MenuLink to="/user/deals">Your Deals</MenuLink>
        <MenuAction onSelect={onSignOut}>Sign out</MenuAction>
      </DropdownMenu>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/user/deals" element={<p>deals page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'alice' }), onSignOut };
}

describe('DropdownMenu', () => {
  it('opens on click, exposes a menu of menuitems and closes on a click outside', async () => {
    const { user, button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveAttribute('aria-labelledby', button.id);
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Your Profile', 'Your Deals', 'Sign out']);
    await user.click(screen.getByText('home'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is usable with the keyboard: Enter opens on the first item, arrows wrap, Escape closes and refocuses the button', async () => {
    const { user, button } = setup();
    button.focus();
    // Each key press, then the item that must have the focus.
    const steps: Array<[string, string]> = [
      ['{Enter}', 'Your Profile'],
      ['{ArrowDown}', 'Your Deals'],
      ['{ArrowDown}{ArrowDown}', 'Your Profile'],
      ['{ArrowUp}', 'Sign out'],
      ['{Home}', 'Your Profile'],
      ['{End}', 'Sign out'],
      ['y', 'Your Profile'],
    ];
    for (const [keys, item] of steps) {
      await user.keyboard(keys);
      expect(screen.getByRole('menuitem', { name: item })).toHaveFocus();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('ArrowUp on the button opens on the last item; activating an item closes the menu', async () => {
    const { user, button, onSignOut } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('follows a link item and closes', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Your Deals' }));
    expect(screen.getByText('deals page')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Tab closes the menu', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{Tab}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, NavLink } from './Link';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

const at = (path: string, ui: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Where />
    </MemoryRouter>,
  );

describe('Link', () => {
  it('renders the href and navigates in the app on a plain click, with its state', () => {
    at(
      '/',
      <Link to="/dealsBrowse?sort=newest" state={{ from: '/' }}>
        Browse
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Browse' });
    expect(link).toHaveAttribute('href', '/dealsBrowse?sort=newest');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/dealsBrowse?sort=newest {"from":"/"}');
  });

  it('leaves modified clicks, other targets and prevented clicks to the browser', () => {
    at(
      '/',
      <>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/help" onClick={(e) => e.preventDefault()}>
          Help
        </Link>
        <Link to="/stores">Stores</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Terms' }));
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    fireEvent.click(screen.getByRole('link', { name: 'Stores' }), { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/ /);
  });

  it('renders another site as a plain link', () => {
    at('/', <Link to="https://example.com/x">Out</Link>);
    expect(screen.getByRole('link', { name: 'Out' })).toHaveAttribute('href', 'https://example.com/x');
  });
});

describe('NavLink', () => {
  const nav = (path: string) =>
    at(
      path,
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
        <NavLink to="/deals" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Deals
        </NavLink>
      </nav>,
    );

  it('is active on its path and the paths below it (whole segments, any case), with aria-current', () => {
    nav('/Deals/create');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('is not active on a path that only starts with the same letters; `end` keeps "/" to itself', () => {
    nav('/dealsBrowse');
    expect(screen.getByRole('link', { name: 'Deals' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    cleanup();
    nav('/');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('on');
  });
});

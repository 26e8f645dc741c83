// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VOTE_WEIGHT_FAQ } from '../../../shared/domain/members/trust';
import { Footer } from '../../app/layout/Footer';
import RegisterPage from '../auth/RegisterPage';
import { mockApi, renderWithApp } from '../../test/render-with-app';
import ContactPage from './ContactPage';
import CookiesPage from './CookiesPage';
import HelpPage from './HelpPage';

const siteConfig = (data: { monetisationScriptUrl: string | null; contactEmail: string | null }) => ({
  'GET /api/site-config': { status: 200, body: { success: true, data } },
});

describe('the footer and the register form link to real pages', () => {
  it('footer: help, contact, FAQ, moderation log, policies, merchants', () => {
    renderWithApp(<Footer />);
    const footer = screen.getByRole('contentinfo');
    const href = (name: string) => within(footer).getByRole('link', { name }).getAttribute('href');
    expect(href('Help Center')).toBe('/help');
    expect(href('Contact Us')).toBe('/contact');
    expect(href('FAQ')).toBe('/help#faq');
    expect(href('Moderation log')).toBe('/moderation');
    expect(href('Terms')).toBe('/terms');
    expect(href('Privacy')).toBe('/privacy');
    expect(href('Cookies')).toBe('/cookies');
    expect(href('Merchants')).toBe('/stores');
  });

  it('register: the terms checkbox names the Terms and the Privacy Policy, opening in a new tab', async () => {
    renderWithApp(<RegisterPage />, { path: '/register' });
    const terms = await screen.findByRole('link', { name: /Terms of Service/ });
    const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(terms).toHaveAttribute('href', '/terms');
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(terms).toHaveAttribute('target', '_blank');
  });
});

describe('info pages', () => {
  it('help: the five FAQ topics and the half-vote rule in its shared words', () => {
    renderWithApp(<HelpPage />, { path: '/help' });
    for (const topic of ['Temperature', 'Voting rules', 'Posting rules', 'Moderation', 'Alerts']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
    }
    expect(screen.getByText(VOTE_WEIGHT_FAQ)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'moderation log' })).toHaveAttribute('href', '/moderation');
  });

  it('contact: the published address as a mail link', async () => {
    mockApi(siteConfig({ monetisationScriptUrl: null, contactEmail: 'team@quidsin.example' }));
    renderWithApp(<ContactPage />, { path: '/contact' });
    expect(await screen.findByTestId('contact-email')).toHaveAttribute('href', 'mailto:team@quidsin.example');
  });

  it('contact: says so when no address is published', async () => {
    mockApi(siteConfig({ monetisationScriptUrl: null, contactEmail: null }));
    renderWithApp(<ContactPage />, { path: '/contact' });
    expect(await screen.findByTestId('contact-email-missing')).toBeInTheDocument();
  });

  it('cookies: names the monetisation script when the site loads one', async () => {
    mockApi(siteConfig({ monetisationScriptUrl: 'https://cdn.monetise.example/m.js', contactEmail: null }));
    renderWithApp(<CookiesPage />, { path: '/cookies' });
    expect(await screen.findByTestId('monetisation-status')).toHaveTextContent('currently loads a link-monetisation script, from cdn.monetise.example');
    expect(screen.getByRole('cell', { name: 'theme' })).toBeInTheDocument();
  });
});

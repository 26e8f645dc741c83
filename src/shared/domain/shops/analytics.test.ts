import { describe, expect, it } from 'vitest';
import {
  addDays,
  clickThroughRate,
  dayRange,
  daysBetween,
  figuresFor,
  isBotUserAgent,
  isCountableVisit,
  isPrefetch,
  percentChange,
  periodRange,
} from './analytics.js';
import { analyticsScope, canSeeDealFigures } from '../access/permissions.js';

describe('analytics rules', () => {
  const now = Date.parse('2030-03-10T15:30:00Z');

  it('makes each period end today (UTC) and the previous one just before it', () => {
    expect(periodRange('today', now)).toEqual({ from: '2030-03-10', to: '2030-03-10', previousFrom: '2030-03-09', previousTo: '2030-03-09' });
    expect(periodRange('7d', now)).toEqual({ from: '2030-03-04', to: '2030-03-10', previousFrom: '2030-02-25', previousTo: '2030-03-03' });
    const ninety = periodRange('90d', now);
    expect(daysBetween(ninety.from, ninety.to)).toBe(90);
    expect(daysBetween(ninety.previousFrom, ninety.previousTo)).toBe(90);
    expect(addDays(ninety.previousTo, 1)).toBe(ninety.from);
    // Just before midnight and just after: different days.
    expect(periodRange('today', Date.parse('2030-03-10T23:59:59Z')).to).toBe('2030-03-10');
    expect(periodRange('today', Date.parse('2030-03-11T00:00:00Z')).to).toBe('2030-03-11');
  });

  it('counts days across month ends and leap days', () => {
    expect(dayRange('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(daysBetween('2030-01-01', '2030-12-31')).toBe(365);
    expect(daysBetween('2030-01-02', '2030-01-01')).toBe(0);
  });

  it('rates clicks per view and changes against the period before', () => {
    expect(clickThroughRate(311, 1204)).toBe(25.8);
    expect(clickThroughRate(5, 0)).toBe(0);
    expect(percentChange(10, 4)).toBe(150);
    expect(percentChange(3, 4)).toBe(-25);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(7, 0)).toBe(100);
  });

  it('tells people from bots, unfurlers, libraries and prefetches', () => {
    const people = [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ];
    for (const ua of people) expect(isBotUserAgent(ua), ua).toBe(false);
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'Twitterbot/1.0',
      'Slackbot-LinkExpanding 1.0',
      'WhatsApp/2.23.20.0 A',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'LinkedInBot/1.0',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.32',
      '',
      undefined,
    ];
    for (const ua of bots) expect(isBotUserAgent(ua), String(ua)).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-fetch-mode': 'navigate' })).toBe(false);
    expect(isCountableVisit('GET', { 'user-agent': people[0] })).toBe(true);
    expect(isCountableVisit('HEAD', { 'user-agent': people[0] })).toBe(false);
    expect(isCountableVisit('GET', { 'user-agent': people[0], purpose: 'prefetch' })).toBe(false);
  });

  it('shows a deal its figures to its poster and the team, and the analytics to the team by role', () => {
    const poster = { id: 5, role: 'user' };
    expect(canSeeDealFigures(poster, 5)).toBe(true);
    expect(canSeeDealFigures({ id: 6, role: 'user' }, 5)).toBe(false);
    expect(canSeeDealFigures(null, 5)).toBe(false);
    expect(canSeeDealFigures({ id: 7, role: 'moderator' }, 5)).toBe(true);
    expect(analyticsScope({ role: 'admin' })).toBe('all');
    expect(analyticsScope({ role: 'moderator' })).toBe('deals');
    expect(analyticsScope({ role: 'user' })).toBeNull();
    expect(figuresFor('deals').map((f) => f.key)).toEqual(['clicks', 'views', 'ctr']);
    expect(figuresFor('all')).toHaveLength(8);
  });
});

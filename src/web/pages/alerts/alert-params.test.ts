import { describe, expect, it } from 'vitest';
import { alertCreateSchema, type Alert } from '../../../shared/schemas/members/alerts';
import { parseBrowse } from '../browse/browse-params';
import { alertHrefFromBrowse, browseFeedHref, browseHrefForAlert, describeFilters, formFromAlert, hasPrefill, prefillFromQuery } from './alert-params';

const alert: Alert = {
  id: 7,
  query: 'air fryer',
  categoryId: 3,
  storeId: null,
  maxPrice: 59.99,
  minTemperature: 20,
  frequency: 'daily',
  paused: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastSentAt: null,
  feedUrl: 'http://example.test/feeds/alerts/7.abc.xml',
};

describe('alert prefill and links', () => {
  it('prefills the form from browse\'s "Create alert" link, ignoring what it cannot read', () => {
    const href = alertHrefFromBrowse(parseBrowse(new URLSearchParams('search=air+fryer&category=3&store=12&maxPrice=60&status=active&sort=hottest&page=2')));
    expect(href).toBe('/alerts?query=air+fryer&categoryId=3&storeId=12&maxPrice=60');
    const params = new URLSearchParams(href.split('?')[1]);
    expect(hasPrefill(params)).toBe(true);
    expect(prefillFromQuery(params)).toEqual({ query: 'air fryer', categoryId: '3', storeId: '12', maxPrice: '60', minTemperature: '', frequency: 'instant' });
    expect(prefillFromQuery(new URLSearchParams('query=lego&categoryId=x&maxPrice=-1&frequency=daily'))).toEqual({
      query: 'lego',
      categoryId: '',
      storeId: '',
      maxPrice: '',
      minTemperature: '',
      frequency: 'daily',
    });
    expect(hasPrefill(new URLSearchParams('query=%20'))).toBe(false);
  });

  it('the prefilled form passes the shared schema as the server reads it', () => {
    const parsed = alertCreateSchema.parse(prefillFromQuery(new URLSearchParams('query=air+fryer&categoryId=3&maxPrice=60')));
    expect(parsed).toMatchObject({ query: 'air fryer', categoryId: 3, storeId: null, maxPrice: 60, minTemperature: null, frequency: 'instant', paused: false });
  });

  it('the browse feed keeps every filter and drops paging', () => {
    const state = parseBrowse(new URLSearchParams('search=tv&category=2&status=all&sort=hottest&minPrice=10&dealType=hot,free&page=3&pageSize=60'));
    expect(browseFeedHref(state)).toBe('/feeds/deals.xml?search=tv&category=2&status=all&sort=hottest&minPrice=10&dealType=hot,free');
    expect(browseFeedHref(parseBrowse(new URLSearchParams('')))).toBe('/feeds/deals.xml?status=active&sort=newest');
  });

  it('an alert edits from its own values and opens its browse view', () => {
    expect(formFromAlert(alert)).toEqual({ query: 'air fryer', categoryId: '3', storeId: '', maxPrice: '59.99', minTemperature: '20', frequency: 'daily' });
    expect(browseHrefForAlert(alert)).toBe('/dealsBrowse?search=air+fryer&category=3&status=active&sort=newest&maxPrice=59.99');
  });

  it('describes the filters in words, even for a category since removed', () => {
    expect(describeFilters(alert, { category: 'Home & Garden' })).toEqual(['in Home & Garden', 'up to £59.99', 'from 20°']);
    expect(describeFilters({ ...alert, maxPrice: 0, minTemperature: null }, {})).toEqual(['in category #3', 'free only']);
  });
});

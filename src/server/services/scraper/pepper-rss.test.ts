import { describe, expect, it } from 'vitest';
import { pepperFeed } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { bestCategory } from './category-match.js';
import { merchantKey, storeNameFor } from './merchant.js';
import { normaliseUrl } from './normalise-url.js';
import { FeedError, parsePepperFeed, parsePricePence, priceFromTitle } from './pepper-rss.js';

describe('Pepper RSS parsing', () => {
  const items = parsePepperFeed(pepperFeed('http://img.test'));

  it('reads every item with merchant, price, image, date and plain-text description', () => {
    expect(items).toHaveLength(7);
    expect(items[0]).toEqual({
      itemId: 'https://www.hotukdeals.com/deals/samsung-galaxy-s24-128gb-4512345',
      title: 'Samsung Galaxy S24 128GB Smartphone £499 @ Amazon',
      url: 'https://www.hotukdeals.com/deals/samsung-galaxy-s24-128gb-4512345',
      merchant: 'Amazon',
      merchantUrl: 'https://www.amazon.co.uk',
      pricePence: 49900,
      originalPricePence: null,
      coupon: null,
      imageUrl: 'http://img.test/images/s24.png',
      publishedAt: '2024-05-14T09:12:44.000Z',
      description: 'Good price for the Galaxy S24 & it comes with a free case.\nDispatched by Amazon.',
      categories: ['Electronics'],
    });
  });

  it('takes the price from the title when the feed has no price element, and the image from an enclosure', () => {
    expect(items[1].pricePence).toBe(14999);
    expect(items[1].imageUrl).toBe('http://img.test/images/airfryer.jpg');
  });

  it('keeps "was" prices as the original price, not the price', () => {
    expect(items[2].pricePence).toBe(5999);
    expect(items[2].originalPricePence).toBe(7499);
    expect(items[2].categories).toEqual(['Toys & Kids']);
  });

  it('leaves the price empty for an item without one', () => {
    expect(items[3].pricePence).toBeNull();
    expect(items[3].imageUrl).toBeNull();
  });

  it('refuses documents that are not RSS or declare a DTD', () => {
    expect(() => parsePepperFeed('<html><body>nope</body></html>')).toThrow(FeedError);
    expect(() => parsePepperFeed('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><rss><channel/></rss>')).toThrow(/DTD/);
    expect(parsePepperFeed('<rss version="2.0"><channel><title>empty</title></channel></rss>')).toEqual([]);
  });

  it.each([
    ['£1,299.99', 129999],
    ['£5', 500],
    ['£0.5', 50],
    ['99p', 99],
    ['FREE', 0],
    ['12.50', 1250],
    ['€20', null],
    ['', null],
  ])('price %s -> %s pence', (raw, pence) => {
    expect(parsePricePence(raw)).toBe(pence);
  });

  it('reads the deal price in a title, ignoring was/RRP prices', () => {
    expect(priceFromTitle('Headphones was £99 now £49.99 @ Argos')).toBe(4999);
    expect(priceFromTitle('Free coffee at Greggs')).toBeNull();
  });
});

describe('mapping helpers', () => {
  it('matches merchants to store names loosely', () => {
    expect(merchantKey('Amazon')).toBe(merchantKey('Amazon UK'));
    expect(merchantKey('amazon.co.uk')).toBe(merchantKey('Amazon UK'));
    expect(merchantKey('eBay')).toBe(merchantKey('eBay UK'));
    expect(merchantKey('M&S')).toBe(merchantKey('Marks & Spencer'));
    expect(merchantKey('Sainsburys')).toBe(merchantKey("Sainsbury's"));
    expect(merchantKey('very.co.uk')).toBe(merchantKey('Very'));
    expect(merchantKey('Smyths Toys')).not.toBe(merchantKey('Very'));
    expect(storeNameFor('  Smyths   Toys ')).toBe('Smyths Toys');
    expect(storeNameFor(null)).toBe('Unknown merchant');
  });

  it('normalises deal URLs so tracking, fragments, www and slashes do not make a new deal', () => {
    const a = normaliseUrl('https://www.hotukdeals.com/deals/x-1?utm_source=rss&b=2&a=1#comments');
    expect(a).toBe('hotukdeals.com/deals/x-1?a=1&b=2');
    expect(normaliseUrl('http://HotUKDeals.com/deals/x-1/?a=1&b=2')).toBe(a);
    expect(normaliseUrl('https://hotukdeals.com/deals/x-2?a=1&b=2')).not.toBe(a);
  });

  it.each([
    ['Samsung Galaxy S24 128GB Smartphone £499 @ Amazon', [], 'Electronics'],
    ['Ninja Foodi Dual Zone Air Fryer AF400UK 9.5L', [], 'Home & Garden'],
    ['LEGO Star Wars Millennium Falcon 75375', [], 'Toys & Kids'],
    ['Free coffee for app users at Greggs', [], 'Food & Drink'],
    ['PS5 DualSense controller', [], 'Gaming'],
    ['SIM only 100GB data £10 a month', [], 'Broadband & Phone Contracts'],
    ['Mystery Surprise Bundle £10 @ Very', [], 'Other'],
    ['Mystery Surprise Bundle', ['Gaming'], 'Gaming'],
  ])('%s -> %s', (title, labels, category) => {
    expect(bestCategory({ title, labels })).toBe(category);
  });
});

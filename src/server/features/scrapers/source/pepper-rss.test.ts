import { describe, expect, it } from 'vitest';
import { fixture, pepperFeed } from '../../../test/fixtures/scrapers-ai/fixture-server.js';
import { STORES } from '../../../db/seed/reference-data.js';
import { bestCategory } from './category-match.js';
import { matchStore, merchantKey, storeNameFor, storesByMerchantKey } from './merchant.js';
import { normaliseUrl } from './normalise-url.js';
import { FeedError, parsePepperFeed, parsePricePence, priceFromTitle, splitTemperaturePrefix } from './pepper-rss.js';

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
      feedTemperature: null,
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

/** One item of a feed, written the way HotUKDeals writes it. */
const feedOf = (item: string) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:pepper="https://www.pepper.com/xmlns/pepper"><channel><title>t</title><item>` +
  `<link>https://www.hotukdeals.com/deals/x-1</link><guid>https://www.hotukdeals.com/deals/x-1</guid>${item}</item></channel></rss>`;

describe("HotUKDeals' hot feed", () => {
  const items = parsePepperFeed(fixture('hotukdeals-hot.xml'));
  const byGuid = (id: number) => items.find((i) => i.itemId.endsWith(String(id)))!;

  it('reads every item', () => {
    expect(items).toHaveLength(8);
  });

  it("takes the price from the merchant element's price attribute, thousands separators included", () => {
    expect(byGuid(4959530)).toMatchObject({
      title: 'Lenovo Legion 7i 16" 2.5K OLED 165Hz Ultra 7 255HX RTX 5060 32GB 1TB',
      merchant: 'Currys',
      pricePence: 115000,
      feedTemperature: 312,
      categories: ['Laptops'],
      description: '£1,150 - Currys\nCheapest this has been.',
      publishedAt: '2025-08-17T07:15:00.000Z',
    });
    expect(byGuid(4959531)).toMatchObject({ merchant: 'Amazon', pricePence: 109999, originalPricePence: 134900, feedTemperature: 1200 });
    expect(byGuid(4959531).title).toBe('Samsung Galaxy S25 Ultra 512GB (was £1,349)');
    expect(byGuid(4959536)).toMatchObject({ merchant: 'Marks & Spencer', pricePence: 249900, feedTemperature: 1024, title: 'Sofa bundle with free delivery' });
  });

  it('reads "FREE" as 0 and keeps negative temperatures', () => {
    expect(byGuid(4959532)).toMatchObject({ merchant: 'Greggs', pricePence: 0, feedTemperature: -12, title: 'Free sausage roll with the Greggs app' });
  });

  it('falls back to the title when the price attribute is missing or empty', () => {
    expect(byGuid(4959533)).toMatchObject({
      merchant: 'Argos',
      pricePence: 6500,
      feedTemperature: 108,
      title: 'Luke Littler Dartboard & Surround £65 @ Argos',
    });
    expect(byGuid(4959537)).toMatchObject({ merchant: 'Screwfix', pricePence: 999 });
  });

  it('without a merchant element, reads merchant and price from the description header, else from the title', () => {
    expect(byGuid(4959534)).toMatchObject({ merchant: 'eBay', pricePence: 3999, feedTemperature: 245, title: 'PS5 DualSense Wireless Controller' });
    expect(byGuid(4959535)).toMatchObject({ merchant: 'Very', pricePence: 19999, feedTemperature: 45 });
  });

  it('leaves a title alone when its degrees are not a temperature prefix', () => {
    expect(byGuid(4959537)).toMatchObject({ title: '90° Angle Drill Attachment £9.99', feedTemperature: null });
  });

  it.each([
    ['attribute with pence', '<title>Kettle</title><pepper:merchant name="Argos" price="£19.99"/>', 'Argos', 1999],
    [
      'attribute beside a pepper:price element (element first)',
      '<title>Kettle</title><pepper:price>£18</pepper:price><pepper:merchant name="Argos" price="£19.99"/>',
      'Argos',
      1800,
    ],
    [
      'unreadable element, readable attribute',
      '<title>Kettle</title><pepper:price>n/a</pepper:price><pepper:merchant name="Argos" price="£19.99"/>',
      'Argos',
      1999,
    ],
    ['attribute with text merchant', '<title>Kettle</title><pepper:merchant price="£1,299.50">Argos</pepper:merchant>', 'Argos', 129950],
    ['missing attribute, title price', '<title>Kettle £12 @ Tesco</title><pepper:merchant name="Tesco"/>', 'Tesco', 1200],
    ['missing element, no price anywhere', '<title>Kettle</title>', null, null],
    ['missing element, title names the shop', '<title>Kettle £12 @ Tesco</title>', 'Tesco', 1200],
    ['empty element', '<title>Kettle £3</title><pepper:merchant/>', null, 300],
    ['free attribute', '<title>Kettle</title><pepper:merchant name="Argos" price="Free"/>', 'Argos', 0],
    ['euro attribute is not guessed at', '<title>Kettle</title><pepper:merchant name="Amazon DE" price="20€"/>', 'Amazon DE', null],
  ])('%s', (_label, xml, merchant, pence) => {
    const [item] = parsePepperFeed(feedOf(xml));
    expect(item.merchant).toBe(merchant);
    expect(item.pricePence).toBe(pence);
  });

  it.each<[string, string, number | null]>([
    ['245° - Kettle', 'Kettle', 245],
    ['-12° - Kettle', 'Kettle', -12],
    ['−3° - Kettle', 'Kettle', -3],
    ['0° - Kettle', 'Kettle', 0],
    ['1.2k° - Kettle', 'Kettle', 1200],
    ['2k° - Kettle', 'Kettle', 2000],
    ['1,024° – Kettle', 'Kettle', 1024],
    ['245°- Kettle - 2L', 'Kettle - 2L', 245],
    ['90° Angle Adapter', '90° Angle Adapter', null],
    ['245° - ', '245° - ', null],
    ['Kettle 245° - hot', 'Kettle 245° - hot', null],
  ])('temperature prefix %s', (raw, title, temperature) => {
    expect(splitTemperaturePrefix(raw)).toEqual({ title, temperature });
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

  it.each([
    ['Amazon', 'Amazon UK'],
    ['amazon.co.uk', 'Amazon UK'],
    ['www.amazon.co.uk', 'Amazon UK'],
    ['AMAZON UK', 'Amazon UK'],
    ['Amazon-UK', 'Amazon UK'],
    ['eBay', 'eBay UK'],
    ['ebay.co.uk', 'eBay UK'],
    ['Argos', 'Argos'],
    ['argos.co.uk', 'Argos'],
    ['Currys PC World', 'Currys'],
    ['Currys UK', 'Currys'],
    ['John Lewis & Partners', 'John Lewis'],
    ['AO', 'AO'],
    ['AO UK', 'AO'],
    ['ao.com', 'AO'],
    ['B&Q', 'B&Q'],
    ['diy.com', 'B&Q'],
    ['M&S', 'Marks & Spencer'],
    ['Marks and Spencer', 'Marks & Spencer'],
    ['Sainsburys', "Sainsbury's"],
    ['Asda', 'ASDA'],
    ['very.co.uk', 'Very'],
    ['GAME', 'Game'],
    ['Steam', null],
    ['PlayStation Store', null],
    ['Amazon US', null],
    ['', null],
    [null, null],
  ])('merchant %s -> store %s', (merchant, store) => {
    expect(matchStore(merchant, STORES)?.name ?? null).toBe(store);
  });

  it('maps a merchant onto one store: the oldest when several stores share its key', () => {
    const stores = [...STORES, { id: 60, name: 'Amazon', url: '' }, { id: 61, name: 'amazon.co.uk', url: '' }];
    expect(matchStore('Amazon', stores)?.id).toBe(42);
    expect(matchStore('amazon.co.uk', stores.slice().reverse())?.id).toBe(42);
    const index = storesByMerchantKey(stores.slice().reverse());
    expect(index.get(merchantKey('Amazon'))).toBe(42);
    expect(index.get(merchantKey('eBay'))).toBe(43);
    expect(new Set(index.values()).size).toBe(index.size);
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

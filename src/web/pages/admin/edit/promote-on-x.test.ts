import { describe, expect, it } from 'vitest';
import { priceLine, promoteText, promoteUrl, storeTag } from './promote-on-x';

const base = { id: 42, title: 'Ninja Air Fryer AF100UK', storeName: 'Argos UK', price: 59.99, originalPrice: 99.99, origin: 'https://quidsin.example/' };

describe('Promote on X', () => {
  it('builds the post with site name, title, store tag, price reduction, absolute link and hashtags', () => {
    expect(promoteText(base)).toBe(
      [
        '🔥 QuidsIn deal: Ninja Air Fryer AF100UK',
        'At #ArgosUK',
        'Price currently down to £59.99 from £99.99',
        'https://quidsin.example/dealDetail/42',
        '#deals #UKDeals #QuidsIn',
      ].join('\n'),
    );
  });

  it('says "Price just" without an original price, or when the original is not higher', () => {
    expect(priceLine(5, null)).toBe('Price just £5.00 currently');
    expect(priceLine(5, 5)).toBe('Price just £5.00 currently');
    expect(priceLine(null, 10)).toBeNull();
  });

  it('removes spaces and punctuation from the store name', () => {
    expect(storeTag("Sainsbury's Home & Garden")).toBe('SainsburysHomeGarden');
  });

  it('leaves out the store line when there is no store', () => {
    expect(promoteText({ ...base, storeName: null })).not.toContain('At #');
  });

  it('opens the X intent with the text encoded', () => {
    const url = new URL(promoteUrl(base));
    expect(url.origin + url.pathname).toBe('https://x.com/intent/post');
    expect(url.searchParams.get('text')).toBe(promoteText(base));
  });
});

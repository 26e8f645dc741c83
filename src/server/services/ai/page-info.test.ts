import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/fixtures/scrapers-ai/fixture-server.js';
import { extractPageInfo } from './page-info.js';

describe('product page reading', () => {
  it('prefers JSON-LD Product (inside @graph) for description, name and price', () => {
    const info = extractPageInfo(fixture('product-jsonld.html'));
    expect(info.descriptionSource).toBe('json-ld');
    expect(info.description).toMatch(/^Industry-leading noise cancellation/);
    expect(info.title).toBe('Sony WH-1000XM5 Wireless Noise Cancelling Headphones');
    expect(info.price).toBe('£249.00');
    expect(info.text).toContain('Multipoint Bluetooth');
    expect(info.text).not.toContain('must not appear');
    expect(info.text).not.toContain('Cookie settings');
  });

  it('falls back to Open Graph, then the meta description', () => {
    const og = extractPageInfo(fixture('product-og.html'));
    expect([og.descriptionSource, og.price, og.title]).toEqual(['open-graph', '£149.99', 'Ninja Foodi MAX Dual Zone Air Fryer AF400UK']);
    expect(og.description).toMatch(/^Two independent 4.75L drawers/);
    const meta = extractPageInfo(fixture('product-meta.html'));
    expect(meta.descriptionSource).toBe('meta');
    expect(meta.description).toMatch(/^Slim 10,000mAh power bank/);
  });

  it('reports no description for a page without one, but still has its text', () => {
    const bare = extractPageInfo(fixture('product-bare.html'));
    expect(bare.description).toBeNull();
    expect(bare.text).toContain('5 inch screen');
  });

  it('survives a broken JSON-LD block', () => {
    const info = extractPageInfo('<script type="application/ld+json">{broken</script><meta name="description" content="Still here">');
    expect(info.description).toBe('Still here');
  });
});

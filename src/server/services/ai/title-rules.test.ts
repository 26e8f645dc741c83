import { describe, expect, it } from 'vitest';
import { cleanDescriptionReply, cleanTitleReply, shortenTitle, titleFromPrompt } from './title-rules.js';

describe('offline title shortening', () => {
  it.each([
    ['Samsung Galaxy S24 128GB £499 @ Amazon', 'Samsung Galaxy S24 128GB'],
    ['Sony WH-1000XM5 Wireless Noise Cancelling Headphones (Black) - £249 at Currys', 'Sony WH-1000XM5 Wireless Noise Cancelling Headphones'],
    ['Ninja Foodi MAX Dual Zone Air Fryer AF400UK 9.5L - now £149.99 with code SAVE20', 'Ninja Foodi MAX Dual Zone Air Fryer AF400UK 9.5L'],
    ['LEGO LEGO Star Wars Millennium Falcon 75375 [Exclusive] - Lowest Ever Price!', 'LEGO Star Wars Millennium Falcon 75375'],
    ['Apple iPhone 15 (128GB) - Black | Free next day delivery', 'Apple iPhone 15 128GB'],
    [
      'AMAZING DEAL!! Brand New Anker Power Bank, 10000mAh Portable Charger with USB-C, Ultra-Slim Battery Pack for iPhone 15, Samsung (Free Delivery)',
      'Anker Power Bank, 10000mAh Portable Charger with USB-C',
    ],
  ])('%s -> %s', (input, expected) => {
    expect(shortenTitle(input)).toBe(expected);
  });

  it('never exceeds 100 characters and cuts at a word', () => {
    const long = `Philips ${'Hue White and Colour Ambiance Smart Bulb '.repeat(5)}`;
    const out = shortenTitle(long);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(long.startsWith(out)).toBe(true);
    expect(out.endsWith(' ')).toBe(false);
  });

  it('falls back to the input when every word is fluff', () => {
    expect(shortenTitle('Hot Deal!')).toBe('Hot Deal');
    expect(shortenTitle('')).toBe('');
  });
});

describe('prompt and reply handling', () => {
  it('finds the title inside the SPEC §7 instruction', () => {
    expect(
      titleFromPrompt('Shorten this deal title, keeping the essential product title, and answer only with the new title: "Sony WH-1000XM5 (Black) £249"'),
    ).toBe('Sony WH-1000XM5 (Black) £249');
    expect(titleFromPrompt('Shorten this deal title and answer only with the new title: "Samsung 65" QN90D Neo QLED 4K TV"')).toBe(
      'Samsung 65" QN90D Neo QLED 4K TV',
    );
    expect(titleFromPrompt('Make "Sony WH-1000XM5 Headphones" shorter')).toBe('Sony WH-1000XM5 Headphones');
    expect(titleFromPrompt('Improve this title: Sony WH-1000XM5 Headphones')).toBe('Sony WH-1000XM5 Headphones');
    expect(titleFromPrompt('Sony WH-1000XM5 Headphones')).toBe('Sony WH-1000XM5 Headphones');
  });

  it('cleans a chatty title reply to its first real line', () => {
    expect(cleanTitleReply('Here are some options:\n**Option 1:** Sony WH-1000XM5 Headphones\nOption 2: Sony XM5')).toBe('Sony WH-1000XM5 Headphones');
    expect(cleanTitleReply('"Samsung Galaxy S24 128GB"')).toBe('Samsung Galaxy S24 128GB');
  });

  it('strips bold marks and bullets from a description reply', () => {
    expect(cleanDescriptionReply('**Great** headphones.\n- 30 hour battery\n* Multipoint')).toBe('Great headphones.\n30 hour battery\nMultipoint');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanDescriptionReply, cleanTitleReply, descriptionPrompt, titlePrompt } from './ai-reply';

describe('cleanTitleReply', () => {
  it('keeps a plain one-line reply', () => {
    expect(cleanTitleReply('Sony WH-1000XM5 Wireless Headphones')).toBe('Sony WH-1000XM5 Wireless Headphones');
  });

  it('skips a "here are" line and strips bold option labels', () => {
    const reply = 'Here are some options:\n\n**Option 1:** Sony WH-1000XM5 Headphones\n**Option 2:** Sony XM5 Headphones';
    expect(cleanTitleReply(reply)).toBe('Sony WH-1000XM5 Headphones');
  });

  it('skips option headings on their own line and takes the title under them', () => {
    expect(cleanTitleReply('Option 1:\n- **Apple AirPods Pro 2**\nOption 2:\n- AirPods Pro')).toBe('Apple AirPods Pro 2');
  });

  it('removes bullets, numbering and surrounding quotes', () => {
    expect(cleanTitleReply('1. "Ninja AF100UK Air Fryer"')).toBe('Ninja AF100UK Air Fryer');
    expect(cleanTitleReply('* Ninja Air Fryer')).toBe('Ninja Air Fryer');
    expect(cleanTitleReply('• Ninja Air Fryer')).toBe('Ninja Air Fryer');
  });

  it('handles "Here is the shortened title:" followed by the title', () => {
    expect(cleanTitleReply('Here is the shortened title:\nLEGO Star Wars X-Wing 75355')).toBe('LEGO Star Wars X-Wing 75355');
  });

  it('keeps hyphens and numbers inside a title', () => {
    expect(cleanTitleReply('Samsung 55" QN90C Neo-QLED 4K TV')).toBe('Samsung 55" QN90C Neo-QLED 4K TV');
  });

  it('returns an empty string when there is nothing usable', () => {
    expect(cleanTitleReply('Here are some options:\n\nOption 1:')).toBe('');
  });
});

describe('cleanDescriptionReply', () => {
  it('strips bold marks and bullets but keeps the lines', () => {
    expect(cleanDescriptionReply('**Great sound.**\n- 30 h battery\n* ANC\n\n\n\nSmall case')).toBe('Great sound.\n30 h battery\nANC\n\nSmall case');
  });
});

describe('prompts', () => {
  it('puts the title in quotes in the title prompt', () => {
    expect(titlePrompt('  Big TV  ')).toBe('Shorten this deal title, keeping the essential product title, and answer only with the new title: "Big TV"');
  });

  it('adds a cache-busting timestamp to the URL and keeps its query', () => {
    expect(descriptionPrompt('https://shop.example/p?id=4', 1700000000000)).toBe('https://shop.example/p?id=4&_ts=1700000000000');
  });
});
